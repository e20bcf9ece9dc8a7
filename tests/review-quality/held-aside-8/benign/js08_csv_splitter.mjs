// Benign: a quote-aware CSV field splitter implementing Symbol.split, used with String.prototype.split to total ./data/orders.csv by region.
import { readFileSync } from "node:fs";

const csvFields = {
  [Symbol.split](line) {
    const out = [];
    let cur = "";
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i];
      if (ch === '"' && quoted && line[i + 1] === '"') { cur += '"'; i += 1; }
      else if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) { out.push(cur); cur = ""; }
      else cur += ch;
    }
    out.push(cur);
    return out;
  },
};

const [header, ...rows] = readFileSync(process.argv[2] ?? "data/orders.csv", "utf8").trim().split(/\r?\n/);
const cols = header.split(csvFields);
const iRegion = cols.indexOf("region");
const iAmount = cols.indexOf("amount");
if (iRegion < 0 || iAmount < 0) throw new Error("need region and amount columns");

const totals = new Map();
for (const row of rows) {
  const f = row.split(csvFields);
  totals.set(f[iRegion], (totals.get(f[iRegion]) ?? 0) + Number(f[iAmount]));
}
for (const [region, sum] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`${region.padEnd(16)} ${sum.toFixed(2).padStart(12)}`);
}
