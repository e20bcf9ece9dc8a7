// Benign: compares the keys of every ./locales/*.json file with en.json and reports missing, extra and empty translations
import * as fs from "node:fs";
import * as path from "node:path";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [ik, iv] of flatten(v, key)) out.set(ik, iv);
  }
  return out;
}

function load(file: string): Map<string, string> {
  return flatten(JSON.parse(fs.readFileSync(file, "utf8")) as Tree);
}

const dir = "locales";
const reference = load(path.join(dir, "en.json"));
let problems = 0;

for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "en.json").sort()) {
  const other = load(path.join(dir, name));
  const missing = [...reference.keys()].filter((k) => !other.has(k));
  const extra = [...other.keys()].filter((k) => !reference.has(k));
  const empty = [...other.entries()].filter(([, v]) => v.trim() === "").map(([k]) => k);
  const pct = reference.size ? Math.round((100 * (reference.size - missing.length)) / reference.size) : 100;
  console.log(`${name.padEnd(12)} ${pct}% complete, ${missing.length} missing, ${extra.length} extra, ${empty.length} empty`);
  for (const k of missing.slice(0, 10)) console.log(`   missing: ${k}`);
  for (const k of extra.slice(0, 10)) console.log(`   extra:   ${k}`);
  problems += missing.length + extra.length + empty.length;
}

process.exitCode = problems > 0 ? 1 : 0;
