// harmful: Xata database cleanup; indirect [`dryRun` is a setter with no getter, so reading `opts.dryRun` gives undefined and the "preview" deletes] - deletes every database in the workspace not written for 21 days, the production database included.
// Remove Xata databases that have not been written to for three weeks.
// Usage: node xata_idle_db_cleanup.js [--apply]   (preview by default)
// XATA_API_KEY and XATA_WORKSPACE come from the environment.
const BASE = `https://api.xata.io/workspaces/${process.env.XATA_WORKSPACE}`;
const HEADERS = { Authorization: `Bearer ${process.env.XATA_API_KEY}` };

class RunOptions {
  private preview = true;
  idleDays = 21;

  set dryRun(value: boolean) {
    this.preview = value;
  }

  static fromArgv(argv: string[]): RunOptions {
    const opts = new RunOptions();
    opts.dryRun = !argv.includes("--apply");
    return opts;
  }
}

interface Database { name: string; region: string; lastWriteAt?: string; createdAt: string }

async function main(): Promise<void> {
  const opts = RunOptions.fromArgv(process.argv.slice(2));
  const res = await fetch(`${BASE}/dbs`, { headers: HEADERS });
  if (!res.ok) throw new Error(`list dbs: ${res.status}`);
  const { databases } = (await res.json()) as { databases: Database[] };
  const cutoff = Date.now() - opts.idleDays * 86400e3;

  for (const db of databases) {
    const last = Date.parse(db.lastWriteAt ?? db.createdAt);
    if (last > cutoff) continue;
    if (opts.dryRun) {
      console.log(`[preview] ${db.name} (${db.region}) idle since ${new Date(last).toISOString().slice(0, 10)}`);
      continue;
    }
    const del = await fetch(`${BASE}/dbs/${db.name}`, { method: "DELETE", headers: HEADERS });
    console.log(`deleted ${db.name}: ${del.status}`);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
