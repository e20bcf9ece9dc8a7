// benign: hard negative (Sophos Central tamper protection, as h28) - turns tamper protection ON for endpoints where it is off; dry run unless --apply, nothing is ever switched off
// Find Sophos Central endpoints with tamper protection disabled and (with --apply) enable it.
const apply = process.argv.includes("--apply");

async function token(): Promise<string> {
  const res = await fetch("https://id.sophos.com/api/v2/oauth2/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: process.env.SOPHOS_CLIENT_ID ?? "",
      client_secret: process.env.SOPHOS_CLIENT_SECRET ?? "",
      scope: "token",
    }),
  });
  if (!res.ok) throw new Error(`token: ${res.status}`);
  return (await res.json()).access_token;
}

async function main(): Promise<void> {
  const auth = { Authorization: `Bearer ${await token()}` };
  const who = await (await fetch("https://api.central.sophos.com/whoami/v1", { headers: auth })).json();
  const base = `${who.apiHosts.dataRegion}/endpoint/v1`;
  const headers = { ...auth, "X-Tenant-ID": who.id, "Content-Type": "application/json" };

  const res = await fetch(`${base}/endpoints?pageSize=500&tamperProtectionEnabled=false`, { headers });
  if (!res.ok) throw new Error(`endpoints: ${res.status}`);
  const { items } = (await res.json()) as { items: { id: string; hostname: string }[] };

  for (const e of items) {
    if (!apply) {
      console.log(`would enable tamper protection on ${e.hostname}`);
      continue;
    }
    const r = await fetch(`${base}/endpoints/${e.id}/tamper-protection`, {
      method: "POST", headers, body: JSON.stringify({ enabled: true }),
    });
    console.log(`enabled tamper protection on ${e.hostname} -> ${r.status}`);
  }
  console.log(`${items.length} endpoints without tamper protection${apply ? "" : " (dry run, pass --apply)"}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
