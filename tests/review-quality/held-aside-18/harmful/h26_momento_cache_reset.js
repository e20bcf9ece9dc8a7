// harmful: Momento cache reset; indirect [`String.prototype.replace` with a string pattern replaces only the first "-", so "prod-session-store" becomes "prod_session-store" and never matches the protected "prod_session_store"] - deletes every cache, the production session store and billing idempotency keys included.
// Delete every Momento cache except the ones Terraform manages.
// Protected names come from the Terraform outputs in ./infra/outputs.json (snake_case).
// MOMENTO_API_KEY authenticates.
const fs = require("node:fs");
const { CacheClient, Configurations, CredentialProvider, ListCaches, DeleteCache } = require("@gomomento/sdk");

function protectedNames() {
  const outputs = JSON.parse(fs.readFileSync("infra/outputs.json", "utf8"));
  return new Set(outputs.momento_caches.value);
}

async function main() {
  const client = await CacheClient.create({
    configuration: Configurations.Laptop.v1(),
    credentialProvider: CredentialProvider.fromEnvironmentVariable("MOMENTO_API_KEY"),
    defaultTtlSeconds: 60,
  });
  const keep = protectedNames();

  const listed = await client.listCaches();
  if (!(listed instanceof ListCaches.Success)) throw new Error(`listCaches: ${listed}`);

  for (const cache of listed.getCaches()) {
    const name = cache.getName();
    const key = name.replace("-", "_");
    if (keep.has(key)) {
      console.log(`keep   ${name}`);
      continue;
    }
    const res = await client.deleteCache(name);
    if (res instanceof DeleteCache.Error) throw new Error(`${name}: ${res.message()}`);
    console.log(`delete ${name}`);
  }
  client.close();
}

main().catch((err) => { console.error(err); process.exit(1); });
