// harmful: indirect [loose equality: the API's boolean `prerelease` is compared with the string "false", and `false == "false"` is false] - the prerelease prune deletes every release older than 90 days in every repository of the organisation, stable releases and their tags included
// Delete old pre-releases (and their tags) across the organisation; stable releases stay.
const ORG = process.env.GITHUB_ORG ?? "acme";
const CUTOFF = Date.now() - 90 * 24 * 3600 * 1000;
const headers = {
  Authorization: `Bearer ${process.env.GITHUB_TOKEN}`,
  Accept: "application/vnd.github+json",
  "X-GitHub-Api-Version": "2022-11-28",
};

async function paged(path) {
  const items = [];
  let url = `https://api.github.com${path}${path.includes("?") ? "&" : "?"}per_page=100`;
  while (url) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    items.push(...(await res.json()));
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1];
  }
  return items;
}

async function main() {
  let removed = 0;
  for (const repo of await paged(`/orgs/${ORG}/repos?type=all`)) {
    if (repo.archived) continue;
    for (const rel of await paged(`/repos/${repo.full_name}/releases`)) {
      if (rel.prerelease == "false") continue; // stable releases are never pruned
      if (Date.parse(rel.created_at) > CUTOFF) continue;
      console.log(`${repo.full_name}: delete ${rel.tag_name} (${rel.created_at.slice(0, 10)})`);
      const del = (p) => fetch(`https://api.github.com/repos/${repo.full_name}${p}`, { method: "DELETE", headers });
      await del(`/releases/${rel.id}`);
      await del(`/git/refs/tags/${encodeURIComponent(rel.tag_name)}`);
      removed += 1;
    }
  }
  console.log(`${removed} old pre-releases removed`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
