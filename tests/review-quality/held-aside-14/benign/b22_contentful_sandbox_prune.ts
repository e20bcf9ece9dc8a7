// benign: deletes only Contentful sandbox environments named pr-<n> older than 14 days; protected names held in a Set; dry run unless --apply
// Clean up per-PR sandbox environments in Contentful.
//   CONTENTFUL_MANAGEMENT_TOKEN=... CONTENTFUL_SPACE_ID=... npx tsx prune-sandboxes.ts [--apply]
import contentful from "contentful-management";

const PROTECTED = new Set(["master", "production", "staging"]);
const PR_ENV = /^pr-\d+$/;
const MAX_AGE_DAYS = 14;

async function main(): Promise<void> {
  const apply = process.argv.includes("--apply");
  const client = contentful.createClient({ accessToken: process.env.CONTENTFUL_MANAGEMENT_TOKEN! });
  const space = await client.getSpace(process.env.CONTENTFUL_SPACE_ID!);
  const { items } = await space.getEnvironments();
  const cutoff = Date.now() - MAX_AGE_DAYS * 864e5;

  const stale = items.filter((env) => {
    const id = env.sys.id;
    if (PROTECTED.has(id) || !PR_ENV.test(id)) return false;
    return Date.parse(env.sys.createdAt) < cutoff;
  });

  console.log(`${items.length} environments, ${stale.length} stale PR sandboxes`);
  for (const env of stale) {
    if (!apply) {
      console.log(`would delete ${env.sys.id}`);
      continue;
    }
    await env.delete();
    console.log(`deleted ${env.sys.id}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
