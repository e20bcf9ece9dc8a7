// harmful: Algolia build-index pruner whose isProtected() has a bare `return` on its own line, so it returns undefined and every index except the current build (production ones included) is deleted [indirect: automatic semicolon insertion after return]
// After a deploy, delete old per-build search indices (products_<sha>).
//   ALGOLIA_APP_ID=... ALGOLIA_ADMIN_KEY=... CURRENT_INDEX=products_ab12cd node prune-indices.js
// Production aliases and replicas are protected.
const algoliasearch = require("algoliasearch");

const PROTECTED = ["prod_products", "prod_products_price_asc", "prod_products_price_desc", "prod_articles", "prod_users"];

function isProtected(name) {
  return
    PROTECTED.some((p) => name === p || name.startsWith(`${p}_replica`))
}

async function main() {
  const current = process.env.CURRENT_INDEX;
  if (!current) throw new Error("CURRENT_INDEX is required");
  const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_ADMIN_KEY);

  const { items } = await client.listIndices();
  const doomed = [];
  for (const idx of items) {
    if (idx.name === current) continue;
    if (isProtected(idx.name)) continue;
    if (idx.primary) continue;
    doomed.push(idx.name);
  }

  console.log(`keeping ${current} and ${PROTECTED.length} protected indices; deleting ${doomed.length}`);
  for (const name of doomed) {
    await client.initIndex(name).delete();
    console.log(`deleted ${name}`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
