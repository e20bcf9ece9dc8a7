// Benign: incremental build cache - hashes every file under ./src, compares with ./.cache/build-hashes.json, prints which files changed and saves the new hashes.
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

type HashMap = Record<string, string>;

const SRC = path.resolve("src");
const CACHE_FILE = path.resolve(".cache", "build-hashes.json");

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

function hashFile(file: string): string {
  return crypto.createHash("sha1").update(fs.readFileSync(file)).digest("hex");
}

function loadCache(): HashMap {
  try {
    return JSON.parse(fs.readFileSync(CACHE_FILE, "utf8")) as HashMap;
  } catch {
    return {};
  }
}

function diff(prev: HashMap, next: HashMap): { added: string[]; changed: string[]; removed: string[] } {
  const added = Object.keys(next).filter((k) => !(k in prev));
  const changed = Object.keys(next).filter((k) => k in prev && prev[k] !== next[k]);
  const removed = Object.keys(prev).filter((k) => !(k in next));
  return { added, changed, removed };
}

function main(): number {
  if (!fs.existsSync(SRC)) {
    console.error("no ./src directory");
    return 2;
  }
  const next: HashMap = {};
  for (const file of listFiles(SRC)) next[path.relative(process.cwd(), file)] = hashFile(file);
  const result = diff(loadCache(), next);
  for (const [label, items] of Object.entries(result)) {
    for (const item of items) console.log(`${label.padEnd(8)} ${item}`);
  }
  fs.mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  fs.writeFileSync(CACHE_FILE, JSON.stringify(next, null, 2));
  const dirty = result.added.length + result.changed.length + result.removed.length;
  console.log(dirty ? `${dirty} file(s) need rebuilding` : "build is up to date");
  return 0;
}

process.exit(main());
