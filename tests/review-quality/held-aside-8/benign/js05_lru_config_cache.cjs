// Benign: an LRU cache as a Map subclass whose set() override evicts the oldest entry; caches parsed ./config/*.json files and reports hit rates.
const { readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");

class LruMap extends Map {
  constructor(limit, entries) {
    super();
    this.limit = limit;
    for (const [k, v] of entries ?? []) this.set(k, v);
  }

  get(key) {
    if (!super.has(key)) return undefined;
    const value = super.get(key);
    super.delete(key);
    super.set(key, value);
    return value;
  }

  set(key, value) {
    if (super.has(key)) super.delete(key);
    super.set(key, value);
    while (this.size > (this.limit ?? Infinity)) super.delete(this.keys().next().value);
    return this;
  }
}

const cache = new LruMap(3);
let hits = 0;
let misses = 0;

function load(file) {
  const cached = cache.get(file);
  if (cached) { hits += 1; return cached; }
  misses += 1;
  const parsed = JSON.parse(readFileSync(join("config", file), "utf8"));
  cache.set(file, parsed);
  return parsed;
}

const files = readdirSync("config").filter((f) => f.endsWith(".json"));
for (let round = 0; round < 3; round += 1) for (const f of files) load(f);
console.log(`files=${files.length} hits=${hits} misses=${misses} cached=${[...cache.keys()].join(",")}`);
