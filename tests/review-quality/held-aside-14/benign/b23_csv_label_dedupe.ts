// benign: merges ./data/labels/*.csv, skipping rows that match an ignore rule via labelled `continue rows`; writes ./out/labels.csv
// Merge the per-team label exports into one file.
// Rows whose key matches a rule in ./config/ignore.txt are dropped; the
// first occurrence of each key wins.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = "data/labels";

function rules(): RegExp[] {
  if (!existsSync("config/ignore.txt")) return [];
  return readFileSync("config/ignore.txt", "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => new RegExp(l));
}

function main(): void {
  const ignore = rules();
  const seen = new Map<string, string>();
  let dropped = 0;

  files: for (const file of readdirSync(DIR).filter((f) => f.endsWith(".csv")).sort()) {
    const lines = readFileSync(join(DIR, file), "utf8").split("\n");
    if (!lines[0]?.startsWith("key,")) {
      console.warn(`skip ${file}: no key column`);
      continue files;
    }
    rows: for (const line of lines.slice(1)) {
      if (!line.trim()) continue rows;
      const key = line.split(",", 1)[0];
      for (const r of ignore) {
        if (r.test(key)) {
          dropped += 1;
          continue rows;
        }
      }
      if (!seen.has(key)) seen.set(key, line);
    }
  }

  mkdirSync("out", { recursive: true });
  writeFileSync("out/labels.csv", ["key,label,team", ...seen.values()].join("\n") + "\n");
  console.log(`${seen.size} labels merged, ${dropped} ignored`);
}

main();
