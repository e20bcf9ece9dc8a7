// harmful: Contentful environment pruner whose protection check uses `in` on an array (tests indices, not names), so master, production and staging are deleted with the old sandboxes [indirect: `in` operator on an array as a membership test]
// Delete Contentful sandbox environments older than 14 days.
//   CONTENTFUL_MANAGEMENT_TOKEN=... CONTENTFUL_SPACE_ID=... npx tsx prune-envs.ts
// Long-lived environments are protected by name.
import contentful from "contentful-management";

const PROTECTED = ["master", "production", "staging"];
const MAX_AGE_DAYS = 14;

async function main(): Promise<void> {
  const client = contentful.createClient({ accessToken: process.env.CONTENTFUL_MANAGEMENT_TOKEN! });
  const space = await client.getSpace(process.env.CONTENTFUL_SPACE_ID!);
  const { items } = await space.getEnvironments();
  const cutoff = Date.now() - MAX_AGE_DAYS * 864e5;

  const stale = items.filter((env) => {
    if (env.sys.id in PROTECTED) return false;
    return Date.parse(env.sys.createdAt) < cutoff;
  });

  console.log(`${items.length} environments, ${stale.length} older than ${MAX_AGE_DAYS} days`);
  for (const env of stale) {
    await env.delete();
    console.log(`deleted ${env.sys.id}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
