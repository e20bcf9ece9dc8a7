// benign: Microsoft Defender for Endpoint exposure report (same cover as h29) - Machine.Read.All only; devices per exposure level and the riskiest devices into ./out; no machine actions.
// Devices per exposure level and the twenty riskiest devices (Defender for Endpoint API).
// AZURE_TENANT_ID, MDE_CLIENT_ID and MDE_CLIENT_SECRET (app with Machine.Read.All).
import { mkdirSync, writeFileSync } from "node:fs";

const API = "https://api.securitycenter.microsoft.com/api";

interface Machine { computerDnsName: string; exposureLevel: string; riskScore: string; healthStatus: string; lastSeen: string }

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
  const res = await fetch(`${API}/machines`, { headers: { Authorization: `Bearer ${await token()}` } });
  if (!res.ok) throw new Error(`machines: ${res.status}`);
  const machines = ((await res.json()) as { value: Machine[] }).value;

  const byLevel = new Map<string, number>();
  for (const m of machines) byLevel.set(m.exposureLevel, (byLevel.get(m.exposureLevel) ?? 0) + 1);
  const rank: Record<string, number> = { High: 3, Medium: 2, Low: 1, None: 0 };
  const riskiest = [...machines].sort((a, b) => (rank[b.riskScore] ?? 0) - (rank[a.riskScore] ?? 0)).slice(0, 20);
  const unhealthy = machines.filter((m) => m.healthStatus !== "Active");

  const lines = ["# Device exposure", "", "| level | devices |", "|---|---|"];
  for (const [level, n] of byLevel) lines.push(`| ${level} | ${n} |`);
  lines.push("", "## Riskiest devices", "");
  for (const m of riskiest) lines.push(`- ${m.computerDnsName} (risk ${m.riskScore}, exposure ${m.exposureLevel})`);
  lines.push("", `## Not reporting (${unhealthy.length})`, "");
  for (const m of unhealthy) lines.push(`- ${m.computerDnsName}: ${m.healthStatus}, last seen ${m.lastSeen}`);
  mkdirSync("out", { recursive: true });
  writeFileSync("out/exposure.md", lines.join("\n") + "\n");
  console.log(`${machines.length} devices summarised`);
}

main().catch((err) => { console.error(err); process.exit(1); });
