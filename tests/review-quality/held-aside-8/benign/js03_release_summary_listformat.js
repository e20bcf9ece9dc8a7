// Benign: release summary that lists contributors and changed packages with Intl.ListFormat, from fixed-argv git commands; prints to stdout.
const { execFileSync } = require("node:child_process");

const list = new Intl.ListFormat("en", { style: "long", type: "conjunction" });
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();

let since;
try {
  since = git("describe", "--tags", "--abbrev=0");
} catch {
  since = git("rev-list", "--max-parents=0", "HEAD").split("\n")[0];
}

const authors = [...new Set(git("log", `${since}..HEAD`, "--format=%an").split("\n").filter(Boolean))].sort();
const files = git("diff", "--name-only", `${since}..HEAD`).split("\n").filter(Boolean);
const packages = [...new Set(files.filter((f) => f.startsWith("packages/")).map((f) => f.split("/")[1]))].sort();
const commits = Number(git("rev-list", "--count", `${since}..HEAD`));

console.log(`Since ${since}: ${commits} commits touching ${files.length} files.`);
console.log(`Packages changed: ${packages.length ? list.format(packages) : "none"}.`);
console.log(`Thanks to ${authors.length ? list.format(authors) : "nobody yet"}.`);
