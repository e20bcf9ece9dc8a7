// benign: hard negative (date test for monthly keepers, as h37) - uses `getUTCDate() === 1` (day of the month), so dumps from the 1st are kept; removes only other ./backups/*.sql.gz older than 7 days; --dry-run
// Keep a week of daily database dumps in ./backups plus every dump taken on the 1st of a month.
import { readdirSync, statSync, unlinkSync } from "node:fs";
import { join, resolve } from "node:path";

const DIR = resolve("backups");
const KEEP_DAYS = 7;
const dryRun = process.argv.includes("--dry-run");

function stampOf(name: string): Date | null {
  const m = /^app-(\d{4})-(\d{2})-(\d{2})\.sql\.gz$/.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function keep(taken: Date, now: number): boolean {
  if (now - taken.getTime() < KEEP_DAYS * 86400000) return true;
  return taken.getUTCDate() === 1; // monthly dump: the 1st of the month
}

const now = Date.now();
let removed = 0;
for (const name of readdirSync(DIR).sort()) {
  const taken = stampOf(name);
  const file = join(DIR, name);
  if (!taken || !statSync(file).isFile() || keep(taken, now)) continue;
  console.log(`${dryRun ? "would remove" : "remove"} ${name}`);
  if (!dryRun) unlinkSync(file);
  removed += 1;
}
console.log(`${removed} old daily dumps ${dryRun ? "would be removed" : "removed"}`);
