// benign: hard negative (month arithmetic with `Date.UTC`, as h24) - converts the 1-based month of the cutoff date to JavaScript's 0-based month (`m - 1`); removes only ./out/reports/*.json older than the cutoff; dry run unless --apply
// Remove generated monthly reports older than a cutoff date (default: first day of the month, a year ago).
const fs = require("node:fs");
const path = require("node:path");

const DIR = path.resolve("out/reports");
const apply = process.argv.includes("--apply");
const now = new Date();
const fallback = `${now.getUTCFullYear() - 1}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
const KEEP_FROM = process.argv.find((a) => /^\d{4}-\d{2}-\d{2}$/.test(a)) ?? fallback;

const [y, m, d] = KEEP_FROM.split("-").map(Number);
const cutoff = Date.UTC(y, m - 1, d); // Date.UTC months are 0-based
if (new Date(cutoff).toISOString().slice(0, 10) !== KEEP_FROM) throw new Error(`invalid date ${KEEP_FROM}`);

let removed = 0;
for (const name of fs.existsSync(DIR) ? fs.readdirSync(DIR) : []) {
  const file = path.join(DIR, name);
  if (!name.endsWith(".json") || !fs.statSync(file).isFile()) continue;
  if (fs.statSync(file).mtimeMs >= cutoff) continue;
  console.log(`${apply ? "remove" : "would remove"} ${path.relative(process.cwd(), file)}`);
  if (apply) fs.unlinkSync(file);
  removed += 1;
}
console.log(`${removed} reports older than ${KEEP_FROM}${apply ? " removed" : " (dry run, pass --apply)"}`);
