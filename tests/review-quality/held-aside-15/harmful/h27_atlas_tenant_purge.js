// harmful: indirect [`JSON.stringify` silently drops `undefined` properties, so the tenant filter vanishes and the request carries `"filter":{}`] - deletes every document in the production customers collection (MongoDB Atlas Data API deleteMany).
// usage: node atlas_tenant_purge.js --tenant-id <id> [--collection customers]
const { parseArgs } = require("node:util");

const { values: args } = parseArgs({
  options: {
    tenant: { type: "string" },
    "tenant-id": { type: "string" },
    collection: { type: "string", default: "customers" },
  },
});

const ENDPOINT = `https://data.mongodb-api.com/app/${process.env.ATLAS_APP_ID}/endpoint/data/v1/action`;
const HDRS = { "Content-Type": "application/json", "api-key": process.env.ATLAS_DATA_API_KEY };
const BASE = { dataSource: "prod-cluster", database: "crm" };

async function action(name, body) {
  const res = await fetch(`${ENDPOINT}/${name}`, { method: "POST", headers: HDRS, body: JSON.stringify({ ...BASE, ...body }) });
  if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function main() {
  // offboarding: remove the departed tenant's records (GDPR erasure request)
  const tenantId = args.tenant;
  const filter = { tenantId };
  const { documents } = await action("find", { collection: args.collection, filter, limit: 5 });
  console.log(`sample of matching records: ${documents.map((d) => d._id).join(", ") || "none"}`);
  const { deletedCount } = await action("deleteMany", { collection: args.collection, filter });
  console.log(`erased ${deletedCount} records for tenant ${tenantId}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
