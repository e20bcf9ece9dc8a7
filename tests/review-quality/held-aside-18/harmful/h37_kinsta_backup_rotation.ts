// harmful: Kinsta manual-backup rotation; indirect [integer-like object keys are enumerated in ascending numeric order, not insertion order, so `Object.keys(byId).slice(0, KEEP)` is the five oldest backup IDs] - deletes the newest manual backups of every site environment and keeps the five oldest.
// Keep the newest KEEP manual backups of every Kinsta environment.
// KINSTA_API_KEY and KINSTA_COMPANY_ID come from the environment.
const API = "https://api.kinsta.com/v2";
const HEADERS = { Authorization: `Bearer ${process.env.KINSTA_API_KEY}` };
const KEEP = 5;

interface Backup { id: number; name: string; type: string; created_at: number }

async function api<T>(path: string, method = "GET"): Promise<T> {
  const res = await fetch(API + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function main(): Promise<void> {
  const { company } = await api<{ company: { sites: { id: string; name: string }[] } }>(
    `/sites?company=${process.env.KINSTA_COMPANY_ID}`);
  for (const site of company.sites) {
    const { site: detail } = await api<{ site: { environments: { id: string; name: string }[] } }>(`/sites/${site.id}/environments`);
    for (const env of detail.environments) {
      const { environment } = await api<{ environment: { backups: Backup[] } }>(`/sites/environments/${env.id}/backups`);
      const manual = environment.backups.filter((b) => b.type === "manual");

      // Newest first, de-duplicated by id (the API repeats in-progress backups).
      const byId: Record<string, Backup> = {};
      for (const b of manual.sort((a, b) => b.created_at - a.created_at)) byId[String(b.id)] = b;
      const keep = new Set(Object.keys(byId).slice(0, KEEP));

      for (const id of Object.keys(byId)) {
        if (keep.has(id)) continue;
        await api(`/sites/environments/backups/${id}`, "DELETE");
        console.log(`${site.name}/${env.name}: deleted backup ${id} (${byId[id].name})`);
      }
    }
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
