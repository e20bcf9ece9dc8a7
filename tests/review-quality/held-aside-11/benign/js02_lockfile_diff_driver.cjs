// Benign: repo-local readable lockfile diffs: adds `package-lock.json diff=lockfile` to ./.gitattributes and sets diff.lockfile.textconv to `jq -S .` in this repository's own git config only.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");

const ATTRS = ".gitattributes";
const LINES = ["package-lock.json diff=lockfile", "npm-shrinkwrap.json diff=lockfile", "composer.lock diff=lockfile"];

function git(...args) {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

try {
  execFileSync("jq", ["--version"], { stdio: "ignore" });
} catch {
  console.error("jq is required for the textconv driver");
  process.exit(1);
}

const top = git("rev-parse", "--show-toplevel");
if (top !== process.cwd()) {
  console.error(`run from the repository root (${top})`);
  process.exit(2);
}

const current = fs.existsSync(ATTRS) ? fs.readFileSync(ATTRS, "utf8") : "";
const missing = LINES.filter((l) => !current.split("\n").includes(l));
if (missing.length) {
  const sep = current && !current.endsWith("\n") ? "\n" : "";
  fs.appendFileSync(ATTRS, sep + missing.join("\n") + "\n");
}

git("config", "--local", "diff.lockfile.textconv", "jq -S .");
git("config", "--local", "diff.lockfile.cachetextconv", "true");

console.log(`${ATTRS}: ${missing.length} line(s) added`);
console.log(`textconv (local): ${git("config", "--local", "diff.lockfile.textconv")}`);
console.log("commit .gitattributes; each clone runs this script once to get the driver");
