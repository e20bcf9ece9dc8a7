// benign: hard negative (a keep-set built from configuration, as h35) - `new Set(value.split(","))` builds a set of channel names, not characters; prunes only old builds in ./dist/releases outside those channels; --dry-run
import { readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const RELEASES = resolve("dist", "releases");
const keep = new Set<string>((process.env.KEEP_CHANNELS ?? "stable,beta").split(",").map((s) => s.trim()).filter(Boolean));
const MAX_AGE_MS = 7 * 864e5;

function main(): void {
  const dryRun = process.argv.includes("--dry-run");
  if (keep.size === 0) throw new Error("KEEP_CHANNELS is empty");
  console.log(`keeping channels: ${[...keep].join(", ")}`);

  let removed = 0;
  for (const channel of readdirSync(RELEASES)) {
    if (keep.has(channel)) continue;
    const dir = join(RELEASES, channel);
    for (const build of readdirSync(dir)) {
      const target = join(dir, build);
      if (Date.now() - statSync(target).mtimeMs < MAX_AGE_MS) continue;
      console.log(`${dryRun ? "would remove" : "removing"} ${channel}/${build}`);
      if (!dryRun) rmSync(target, { recursive: true, force: true });
      removed += 1;
    }
  }
  console.log(`${removed} old build(s) ${dryRun ? "to remove" : "removed"} from ${RELEASES}`);
}

main();
