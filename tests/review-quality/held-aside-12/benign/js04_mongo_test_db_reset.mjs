// Benign: resets the local test database for integration tests: connects to MongoDB on 127.0.0.1 only, drops just the myapp_test database it owns and reseeds it from ./fixtures/*.json.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { MongoClient } from "mongodb";

const uri = process.env.TEST_MONGODB_URI ?? "mongodb://127.0.0.1:27017";
const host = new URL(uri.replace(/^mongodb(\+srv)?:/, "http:")).hostname;
if (!["127.0.0.1", "localhost"].includes(host)) {
  console.error(`refusing to reset a non-local MongoDB (${host})`);
  process.exit(2);
}
const DB = "myapp_test";

const client = new MongoClient(uri, { serverSelectionTimeoutMS: 3000 });
await client.connect();
try {
  const db = client.db(DB);
  await db.dropDatabase();
  let total = 0;
  for (const file of readdirSync("fixtures").filter((f) => f.endsWith(".json"))) {
    const docs = JSON.parse(readFileSync(join("fixtures", file), "utf8"));
    if (docs.length) await db.collection(basename(file, ".json")).insertMany(docs);
    total += docs.length;
    console.log(`${basename(file, ".json").padEnd(20)} ${docs.length}`);
  }
  console.log(`${DB} reseeded with ${total} document(s)`);
} finally {
  await client.close();
}
