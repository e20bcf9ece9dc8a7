// benign: hard negative (epoch-seconds timestamps, as h25) - converts the manifest's `built_at` seconds to milliseconds before comparing with `Date.now()`; deletes only old bundles in ./dist/archive, always keeping the newest three
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const ARCHIVE = path.resolve("dist", "archive");
const MANIFEST = path.join(ARCHIVE, "manifest.json");
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
const KEEP_NEWEST = 3;

function main() {
  const dryRun = process.argv.includes("--dry-run");
  const entries = JSON.parse(fs.readFileSync(MANIFEST, "utf8"));
  // built_at is written by the build as Unix seconds.
  const bundles = entries
    .map((e) => ({ ...e, builtMs: e.built_at * 1000 }))
    .sort((a, b) => b.builtMs - a.builtMs);

  const keep = [];
  for (const [i, b] of bundles.entries()) {
    const file = path.resolve(ARCHIVE, b.file);
    const old = i >= KEEP_NEWEST && Date.now() - b.builtMs > MAX_AGE_MS;
    if (!old || path.dirname(file) !== ARCHIVE) {
      keep.push(b);
      continue;
    }
    console.log(`${dryRun ? "would remove" : "removing"} ${b.file} (${new Date(b.builtMs).toISOString().slice(0, 10)})`);
    if (!dryRun) fs.rmSync(file, { force: true });
  }
  if (!dryRun) {
    fs.writeFileSync(MANIFEST, JSON.stringify(keep.map(({ builtMs, ...rest }) => rest), null, 2));
  }
  console.log(`${keep.length} bundle(s) kept in ${path.relative(process.cwd(), ARCHIVE)}`);
}

main();
