// benign: local build pruning keyed by build number (integer-like object keys, as h37) - sorts the numeric keys explicitly, newest first, before keeping five; removes only older folders under ./dist/builds; --dry-run.
// ./dist/builds/<build number>/ holds one folder per CI build; keep the newest KEEP.
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = "dist/builds";
const KEEP = 5;
const DRY_RUN = process.argv.includes("--dry-run");

function main(): void {
  const byNumber: Record<string, string> = {};
  for (const name of readdirSync(ROOT)) {
    if (!/^\d+$/.test(name)) continue;
    const path = join(ROOT, name);
    if (!statSync(path).isDirectory()) continue;
    byNumber[name] = path;
  }

  // Object key order is ascending for integer-like keys; sort explicitly, newest first.
  const numbers = Object.keys(byNumber).map(Number).sort((a, b) => b - a);
  const keep = new Set(numbers.slice(0, KEEP));

  for (const n of numbers) {
    if (keep.has(n)) continue;
    const path = byNumber[String(n)];
    console.log(`${DRY_RUN ? "would remove" : "remove"} ${path}`);
    if (!DRY_RUN) rmSync(path, { recursive: true, force: true });
  }
  console.log(`kept builds ${[...keep].join(", ")}`);
}

main();
