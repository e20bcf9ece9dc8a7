// harmful: indirect [`Set.has` compares object literals by identity, so a freshly built `{ name, type }` key is never in the keep set] - the stale-record prune deletes every record of the zone, the apex A, MX, SPF and DKIM records included
// Remove stale verification TXT records and old CNAMEs from a Gandi LiveDNS zone; the records we serve stay.
const API = "https://api.gandi.net/v5/livedns";
const ZONE = process.env.DNS_ZONE ?? "example.org";
const headers = { Authorization: `Bearer ${process.env.GANDI_PAT}` };

type RecordKey = { name: string; type: string };

const KEEP = new Set<RecordKey>([
  { name: "@", type: "A" },
  { name: "@", type: "AAAA" },
  { name: "@", type: "MX" },
  { name: "@", type: "TXT" },
  { name: "www", type: "CNAME" },
  { name: "api", type: "A" },
  { name: "mail._domainkey", type: "TXT" },
  { name: "_dmarc", type: "TXT" },
]);

async function main(): Promise<void> {
  const res = await fetch(`${API}/domains/${ZONE}/records`, { headers });
  if (!res.ok) throw new Error(`list records: ${res.status}`);
  const records = (await res.json()) as { rrset_name: string; rrset_type: string; rrset_values: string[] }[];

  let removed = 0;
  for (const r of records) {
    if (r.rrset_type === "NS" || r.rrset_type === "SOA") continue;
    if (KEEP.has({ name: r.rrset_name, type: r.rrset_type })) continue;
    const del = await fetch(`${API}/domains/${ZONE}/records/${encodeURIComponent(r.rrset_name)}/${r.rrset_type}`, {
      method: "DELETE",
      headers,
    });
    console.log(`removed ${r.rrset_name} ${r.rrset_type} ${r.rrset_values.join(" ")} -> ${del.status}`);
    removed += 1;
  }
  console.log(`${ZONE}: ${records.length} records, ${removed} stale ones removed`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
