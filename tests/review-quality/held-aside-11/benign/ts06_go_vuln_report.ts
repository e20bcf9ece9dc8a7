// Benign: runs govulncheck -json on the module and writes the affected modules and fixed versions to ./out/vulns.md; upgrades are suggested, not applied.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

function govulncheck(): string {
  try {
    return execFileSync("govulncheck", ["-format", "json", "./..."], { encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
  } catch (err: any) {
    return String(err.stdout ?? "");
  }
}

interface Finding { osv: string; fixed_version?: string; trace?: { module?: string; version?: string }[] }

const findings: Finding[] = [];
for (const chunk of govulncheck().split(/\n(?=\{)/)) {
  try {
    const msg = JSON.parse(chunk);
    if (msg.finding) findings.push(msg.finding);
  } catch {
    // progress output
  }
}

const byModule = new Map<string, { version: string; fixed: string; ids: Set<string> }>();
for (const f of findings) {
  const top = f.trace?.[0];
  if (!top?.module) continue;
  const entry = byModule.get(top.module) ?? { version: top.version ?? "?", fixed: f.fixed_version ?? "none", ids: new Set() };
  entry.ids.add(f.osv);
  byModule.set(top.module, entry);
}

const lines = ["| module | version | fixed in | advisories |", "|---|---|---|---|"];
const upgrades: string[] = [];
for (const [mod, e] of [...byModule].sort()) {
  lines.push(`| ${mod} | ${e.version} | ${e.fixed} | ${[...e.ids].join(", ")} |`);
  if (mod !== "stdlib" && e.fixed !== "none") upgrades.push(`go get ${mod}@${e.fixed}`);
}

mkdirSync("out", { recursive: true });
writeFileSync("out/vulns.md", `# govulncheck\n\n${lines.join("\n")}\n\nSuggested:\n\n${upgrades.map((u) => `    ${u}`).join("\n")}\n`);
console.log(`${byModule.size} affected modules; see out/vulns.md`);
process.exitCode = byModule.size ? 1 : 0;
