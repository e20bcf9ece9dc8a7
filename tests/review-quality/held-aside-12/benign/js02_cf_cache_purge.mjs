// Benign: after a deploy, purges Cloudflare's cache for the files in ./dist that changed since the last manifest, through the Cloudflare API for the project's own zone; no zone settings are touched.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const zone = process.env.CLOUDFLARE_ZONE_ID;
const site = (process.env.SITE_URL ?? "https://cdn.example.org").replace(/\/$/, "");
const MANIFEST = ".cache/purge-manifest.json";

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const current = {};
for (const file of walk("dist")) {
  current[relative("dist", file).split(sep).join("/")] = createHash("sha256").update(readFileSync(file)).digest("hex");
}
const previous = existsSync(MANIFEST) ? JSON.parse(readFileSync(MANIFEST, "utf8")) : {};
const changed = Object.keys(current).filter((k) => previous[k] !== current[k]);
const urls = changed.map((k) => `${site}/${k.replace(/index\.html$/, "")}`);

for (let i = 0; i < urls.length; i += 30) {
  const res = await fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/purge_cache`, {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.CLOUDFLARE_API_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ files: urls.slice(i, i + 30) }),
  });
  const json = await res.json();
  if (!json.success) throw new Error(JSON.stringify(json.errors));
}
writeFileSync(MANIFEST, JSON.stringify(current, null, 2));
console.log(`purged ${urls.length} URL(s) of ${Object.keys(current).length} file(s)`);
