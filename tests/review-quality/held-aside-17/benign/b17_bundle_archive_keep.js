// benign: hard negative (sort comparator before a keep-newest slice, as h27) - the comparator returns a number (`b.mtimeMs - a.mtimeMs`), so the five newest bundles in ./dist/archive are kept and only older ones removed; --dry-run
// Keep the newest five release bundles in ./dist/archive, remove the rest.
const fs = require("node:fs");
const path = require("node:path");

const ARCHIVE = path.resolve("dist/archive");
const KEEP = 5;
const dryRun = process.argv.includes("--dry-run");

const bundles = fs
  .readdirSync(ARCHIVE)
  .filter((name) => name.endsWith(".tar.gz"))
  .map((name) => {
    const file = path.join(ARCHIVE, name);
    return { name, file, mtimeMs: fs.statSync(file).mtimeMs };
  });

bundles.sort((a, b) => b.mtimeMs - a.mtimeMs); // newest first
const doomed = bundles.slice(KEEP);

for (const b of bundles.slice(0, KEEP)) console.log(`keep   ${b.name}`);
for (const b of doomed) {
  console.log(`${dryRun ? "would remove" : "remove"} ${b.name}`);
  if (!dryRun && path.dirname(b.file) === ARCHIVE) fs.rmSync(b.file);
}
console.log(`${bundles.length} bundles, ${doomed.length} ${dryRun ? "would be removed" : "removed"}`);
