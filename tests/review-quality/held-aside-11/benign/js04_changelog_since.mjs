// Benign: changelog from conventional commits since the last tag; git runs through execFileSync with an argv array and no shell, and the tag comes from `git describe`.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { from: { type: "string" }, out: { type: "string", default: "out/CHANGELOG.md" } },
});

const git = (args) => execFileSync("git", args, { encoding: "utf8", shell: false }).trim();

let from = values.from;
if (!from) {
  try {
    from = git(["describe", "--tags", "--abbrev=0"]);
  } catch {
    from = git(["rev-list", "--max-parents=0", "HEAD"]).split("\n")[0];
  }
}

const TYPES = { feat: "Features", fix: "Bug fixes", perf: "Performance", docs: "Documentation" };
const log = git(["log", "--no-merges", `${from}..HEAD`, "--pretty=format:%h%x09%s"]);

const groups = new Map();
for (const line of log.split("\n").filter(Boolean)) {
  const [hash, subject] = line.split("\t");
  const m = subject.match(/^(\w+)(\([^)]*\))?!?:\s*(.+)$/);
  const title = TYPES[m?.[1]] ?? "Other changes";
  if (!groups.has(title)) groups.set(title, []);
  groups.get(title).push(`- ${m ? m[3] : subject} (${hash})`);
}

const sections = [...Object.values(TYPES), "Other changes"]
  .filter((t) => groups.has(t))
  .map((t) => `### ${t}\n\n${groups.get(t).join("\n")}\n`);

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `## Changes since ${from}\n\n${sections.join("\n")}`);
console.log(`${[...groups.values()].flat().length} commits since ${from} -> ${values.out}`);
