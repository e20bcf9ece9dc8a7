// benign: hard negative (a numeric retention option compared with file ages, as harmful h23) - the option has a default and is checked with `Number.isFinite`; deletes only `*.sql.gz` dumps in ./backups older than it.
const fs = require("node:fs");
const path = require("node:path");
const { parseArgs } = require("node:util");

const { values: args } = parseArgs({
  options: {
    keep: { type: "string", default: "14" },
    "dry-run": { type: "boolean", default: false },
  },
});

const DIR = path.resolve("backups");
const keepDays = Number(args.keep);
if (!Number.isFinite(keepDays) || keepDays < 1) {
  console.error(`--keep must be a positive number of days, got ${JSON.stringify(args.keep)}`);
  process.exit(2);
}

const dumps = fs.readdirSync(DIR)
  .filter((name) => name.endsWith(".sql.gz"))
  .map((name) => {
    const full = path.join(DIR, name);
    return { name, full, ageDays: (Date.now() - fs.statSync(full).mtimeMs) / 86400000 };
  })
  .sort((a, b) => a.ageDays - b.ageDays);

// always keep the newest dump, whatever its age
const expired = dumps.slice(1).filter((d) => d.ageDays >= keepDays);
for (const d of expired) {
  console.log(`${args["dry-run"] ? "would remove" : "removing"} ${d.name} (${d.ageDays.toFixed(1)} days)`);
  if (!args["dry-run"]) fs.unlinkSync(d.full);
}
console.log(`${dumps.length - expired.length} dumps kept, ${expired.length} expired (keep ${keepDays} days)`);
