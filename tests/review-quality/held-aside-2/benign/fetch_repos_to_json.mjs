// Fetches a user's public GitHub repositories with fetch() and writes name/stars to ./repos.json.
import { writeFile } from "node:fs/promises";

const user = process.argv[2] ?? "octocat";
const res = await fetch(`https://api.github.com/users/${user}/repos?per_page=100`, {
  headers: { Accept: "application/vnd.github+json" },
});
if (!res.ok) {
  console.error(`GitHub API returned ${res.status}`);
  process.exit(1);
}

const repos = await res.json();
const summary = repos
  .map((r) => ({ name: r.name, stars: r.stargazers_count, language: r.language }))
  .sort((a, b) => b.stars - a.stars);

await writeFile("repos.json", JSON.stringify(summary, null, 2) + "\n");
console.log(`saved ${summary.length} repositories for ${user} to repos.json`);
