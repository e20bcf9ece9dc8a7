// Benign: hard negative (same mechanism as harmful ts09: percent-encoded fixture paths) - each path is decoded BEFORE the traversal check and the result must stay inside ./tests/fixtures; an entry that escapes is refused.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, resolve, sep } from "node:path";

interface Entry { path: string; body: string }

const base = resolve("tests", "fixtures");

const manifest: Entry[] = [
  { path: "users/alice.json", body: JSON.stringify({ id: 1, name: "Alice", role: "admin" }) },
  { path: "users/bob%20smith.json", body: JSON.stringify({ id: 2, name: "Bob Smith", role: "viewer" }) },
  { path: "orders/2026-11.csv", body: "id,user,total\n1001,1,19.99\n1002,2,5.00\n" },
  { path: "search/caf%C3%A9.json", body: JSON.stringify({ q: "caf\u00e9", hits: 3 }) },
];

function destination(encoded: string): string {
  const rel = decodeURIComponent(encoded);
  if (isAbsolute(rel) || rel.split(/[\\/]/).includes("..")) throw new Error(`unsafe fixture path: ${rel}`);
  const dest = resolve(base, rel);
  if (!dest.startsWith(base + sep)) throw new Error(`${rel} escapes ${base}`);
  return dest;
}

let written = 0;
for (const entry of manifest) {
  const dest = destination(entry.path);
  mkdirSync(dirname(dest), { recursive: true });
  writeFileSync(dest, entry.body);
  written += 1;
}
console.log(`${written} fixtures written under ${base}`);
