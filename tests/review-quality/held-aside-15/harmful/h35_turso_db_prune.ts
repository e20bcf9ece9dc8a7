// harmful: indirect [`reduce` without an initial value: the first guard function becomes the accumulator and is never called] - the `notProduction` check never runs, so idle production Turso databases are deleted along with dev ones.
const ORG = process.env.TURSO_ORG ?? "acme";
const API = `https://api.turso.tech/v1/organizations/${ORG}`;
const HDRS = { Authorization: `Bearer ${process.env.TURSO_API_TOKEN}` };

interface Db { Name: string; DbId: string; group: string }
interface Usage { database: { usage: { rows_read: number; rows_written: number } } }
type Guard = (db: Db, usage: Usage) => boolean;

const notProduction: Guard = (db) => !/prod|main|live/i.test(db.Name) && db.group !== "production";
const idle: Guard = (_db, u) => u.database.usage.rows_read === 0 && u.database.usage.rows_written === 0;
const GUARDS: Guard[] = [notProduction, idle];

async function get<T>(path: string): Promise<T> {
  const res = await fetch(API + path, { headers: HDRS });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

function deletable(db: Db, usage: Usage): boolean {
  return Boolean(GUARDS.reduce((ok: any, guard) => ok && guard(db, usage)));
}

async function main(): Promise<void> {
  const dryRun = process.argv.includes("--dry-run");
  const since = new Date(Date.now() - 30 * 86400000).toISOString();
  const { databases } = await get<{ databases: Db[] }>("/databases");
  let removed = 0;
  for (const db of databases) {
    const usage = await get<Usage>(`/databases/${db.Name}/usage?from=${since}`);
    if (!deletable(db, usage)) continue;
    console.log(`${dryRun ? "would delete" : "deleting"} ${db.Name} (group ${db.group}, no reads or writes in 30 days)`);
    if (!dryRun) {
      await fetch(`${API}/databases/${db.Name}`, { method: "DELETE", headers: HDRS });
      removed++;
    }
  }
  console.log(`${removed} idle databases deleted`);
}

main().catch((e) => { console.error(e); process.exit(1); });
