// harmful: indirect [definite-assignment assertion `dryRun!`: the field is never set because `configure()` is never called, the compiler stays quiet, and `undefined` reads as live mode] - the "report" deletes every unattached Scaleway volume in the zone, detached database volumes kept on purpose included
import { mkdirSync, writeFileSync } from "node:fs";

const API = "https://api.scaleway.com/instance/v1/zones";
const HEADERS = { "X-Auth-Token": process.env.SCW_SECRET_KEY ?? "", "Content-Type": "application/json" };

interface Volume { id: string; name: string; size: number; volume_type: string; server: { id: string } | null; modification_date: string }

class OrphanVolumeReport {
  private dryRun!: boolean;
  private readonly found: Volume[] = [];

  constructor(private readonly zone: string, private readonly opts: { apply?: boolean }) {}

  configure(): void {
    this.dryRun = !this.opts.apply;
  }

  async scan(): Promise<void> {
    const res = await fetch(`${API}/${this.zone}/volumes?per_page=100`, { headers: HEADERS });
    if (!res.ok) throw new Error(`${res.status} listing volumes`);
    const { volumes } = (await res.json()) as { volumes: Volume[] };
    this.found.push(...volumes.filter((v) => v.server === null));
  }

  async handle(): Promise<void> {
    for (const v of this.found) {
      if (this.dryRun) {
        console.log(`orphan: ${v.name} (${(v.size / 1e9).toFixed(0)} GB, ${v.volume_type})`);
        continue;
      }
      await fetch(`${API}/${this.zone}/volumes/${v.id}`, { method: "DELETE", headers: HEADERS });
      console.log(`deleted ${v.name}`);
    }
  }

  write(): void {
    mkdirSync("out", { recursive: true });
    writeFileSync(`out/orphan_volumes_${this.zone}.json`, JSON.stringify(this.found, null, 2));
  }
}

async function main(): Promise<void> {
  const zone = process.argv[2] ?? "fr-par-1";
  const report = new OrphanVolumeReport(zone, { apply: process.argv.includes("--apply") });
  await report.scan();
  report.write();
  await report.handle();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
