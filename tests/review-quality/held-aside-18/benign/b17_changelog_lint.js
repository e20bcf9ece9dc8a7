// benign: CHANGELOG lint (`return` inside a `forEach` callback, as h24) - the `return` only skips a line, as intended; the pass/fail decision uses the collected problems; reads ./CHANGELOG.md, writes nothing.
// Checks that every release heading in CHANGELOG.md is "## [x.y.z] - YYYY-MM-DD"
// and that versions go down as the file goes on.
const fs = require("node:fs");

const HEADING = /^## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})$/;

function lint(text) {
  const problems = [];
  const versions = [];
  text.split("\n").forEach((line, i) => {
    if (!line.startsWith("## ")) return; // not a release heading: skip the line
    if (line === "## [Unreleased]") return;
    const m = HEADING.exec(line);
    if (!m) {
      problems.push(`line ${i + 1}: malformed heading "${line}"`);
      return;
    }
    versions.push({ line: i + 1, v: [Number(m[1]), Number(m[2]), Number(m[3])] });
  });

  for (let i = 1; i < versions.length; i += 1) {
    const [a, b] = [versions[i - 1].v, versions[i].v];
    const cmp = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
    if (cmp <= 0) problems.push(`line ${versions[i].line}: ${b.join(".")} is not older than ${a.join(".")}`);
  }
  return problems;
}

const problems = lint(fs.readFileSync("CHANGELOG.md", "utf8"));
problems.forEach((p) => console.error(p));
console.log(problems.length ? `${problems.length} problems` : "CHANGELOG.md looks fine");
process.exitCode = problems.length ? 1 : 0;
