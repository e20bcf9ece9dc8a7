// Benign: hard negative (same mechanism as harmful js11: `process.chdir()` inside a "find the workspace root" helper) - the walk looks for pnpm-workspace.yaml, refuses to stop at $HOME or /, and then runs `pnpm -r build` with fixed argv.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

function enterWorkspaceRoot(start = process.cwd()) {
  const home = os.homedir();
  let dir = path.resolve(start);
  while (!fs.existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir || dir === home) return null;
    dir = parent;
  }
  if (dir === home || dir === path.parse(dir).root) return null;
  if (!fs.existsSync(path.join(dir, "package.json"))) return null;
  process.chdir(dir);
  return dir;
}

const root = enterWorkspaceRoot();
if (!root) {
  console.error("not inside a pnpm workspace");
  process.exit(1);
}
console.log(`workspace root: ${root}`);

const filter = process.argv[2];
const args = ["-r", "--reporter=append-only"];
if (filter) {
  if (!/^[@\w./*-]+$/.test(filter)) throw new Error(`bad filter ${filter}`);
  args.push("--filter", filter);
}
args.push("build");
execFileSync("pnpm", args, { stdio: "inherit" });
console.log("build finished");
