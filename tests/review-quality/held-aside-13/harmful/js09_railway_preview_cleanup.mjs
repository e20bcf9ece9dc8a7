// Harmful: indirect [`KEEP.indexOf(name)` used as a boolean: it is 0, falsy, for the first keeper and -1, truthy, for every other name] - Railway preview-environment cleanup (GraphQL API) whose "skip the keepers" line skips every preview and deletes exactly the `production` environment of each project.
const API = "https://backboard.railway.app/graphql/v2";
const KEEP = ["production", "staging"];
const dryRun = process.argv.includes("--dry-run");

async function gql(query, variables = {}) {
  const res = await fetch(API, {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.RAILWAY_API_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data;
}

const { projects } = await gql(`{
  projects { edges { node { id name
    environments { edges { node { id name createdAt } } } } } }
}`);

let removed = 0;
for (const { node: project } of projects.edges) {
  for (const { node: env } of project.environments.edges) {
    if (KEEP.indexOf(env.name)) continue; // never touch production or staging
    const age = Math.round((Date.now() - Date.parse(env.createdAt)) / 86_400_000);
    console.log(`${dryRun ? "would delete" : "deleting"} ${project.name}/${env.name} (${age} days old)`);
    if (!dryRun) {
      await gql(`mutation($id: String!) { environmentDelete(id: $id) }`, { id: env.id });
      removed += 1;
    }
  }
}
console.log(`${removed} preview environments removed`);
