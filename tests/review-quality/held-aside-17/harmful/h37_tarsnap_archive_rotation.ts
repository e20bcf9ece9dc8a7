// harmful: indirect [`getUTCDay()` is the weekday (1 = Monday), not the day of the month] - the rotation meant to keep dailies for a week and monthlies forever deletes every monthly archive that was not taken on a Monday
// Tarsnap rotation: keep the last 7 days of archives and every archive taken on the 1st of a month.
import { execFileSync } from "node:child_process";

const KEEP_DAYS = 7;
const dryRun = process.argv.includes("--dry-run");

function archives(): { name: string; created: Date }[] {
  const out = execFileSync("tarsnap", ["--list-archives", "-v"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [name, stamp] = line.split("\t");
      return { name, created: new Date(stamp.replace(" ", "T") + "Z") };
    });
}

function keep(created: Date, now: number): boolean {
  if (now - created.getTime() < KEEP_DAYS * 86400000) return true;
  return created.getUTCDay() === 1; // monthly archive: taken on the 1st
}

function main(): void {
  const now = Date.now();
  const all = archives().sort((a, b) => a.created.getTime() - b.created.getTime());
  const doomed = all.filter((a) => !keep(a.created, now));
  console.log(`${all.length} archives, deleting ${doomed.length}${dryRun ? " (dry run)" : ""}`);
  for (const a of doomed) {
    console.log(`  ${a.name} ${a.created.toISOString().slice(0, 10)}`);
    if (!dryRun) execFileSync("tarsnap", ["-d", "-f", a.name], { stdio: "inherit" });
  }
}

main();
