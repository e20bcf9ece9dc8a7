// Benign: Buildkite test annotator: JUnit files in ./out/junit become a markdown summary passed to `buildkite-agent annotate` on stdin; nothing else is sent anywhere.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const REPORT_DIR = process.argv[2] ?? "out/junit";

function parseJunit(xml) {
  const attr = (name) => Number((xml.match(new RegExp(`<testsuites?[^>]*\\s${name}="(\\d+)"`)) ?? [])[1] ?? 0);
  const failed = [...xml.matchAll(/<testcase[^>]*name="([^"]+)"[^>]*>\s*<failure[^>]*message="([^"]*)"/g)]
    .map(([, name, message]) => ({ name, message }));
  return { tests: attr("tests"), failures: attr("failures") + attr("errors"), failed };
}

if (!existsSync(REPORT_DIR)) {
  console.error(`no JUnit reports in ${REPORT_DIR}`);
  process.exit(0);
}

const totals = { tests: 0, failures: 0, failed: [] };
for (const file of readdirSync(REPORT_DIR).filter((f) => f.endsWith(".xml"))) {
  const r = parseJunit(readFileSync(join(REPORT_DIR, file), "utf8"));
  totals.tests += r.tests;
  totals.failures += r.failures;
  totals.failed.push(...r.failed);
}

const escape = (s) => s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]);
const lines = [`### Tests: ${totals.tests - totals.failures} passed, ${totals.failures} failed`, ""];
if (totals.failed.length) {
  lines.push("<details><summary>Failures</summary>", "");
  for (const f of totals.failed.slice(0, 30)) lines.push(`- \`${f.name}\`: ${escape(f.message.slice(0, 160))}`);
  lines.push("", "</details>");
}

const style = totals.failures ? "error" : "success";
if (!process.env.BUILDKITE) {
  console.log(lines.join("\n"));
  process.exit(0);
}
execFileSync("buildkite-agent", ["annotate", "--style", style, "--context", "junit"], { input: lines.join("\n") });
console.log(`annotation posted (${style})`);
