// Benign: builds CDN URLs for the assets in ./dist/manifest.json with new URL(path, base) and rejects any entry (such as a "//host" path) that resolves outside the configured CDN origin.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";

const CDN_BASE = process.env.CDN_BASE ?? "https://cdn.example.org/app/";
const base = new URL(CDN_BASE);
if (base.protocol !== "https:") throw new Error("CDN_BASE must be https");

const manifest: Record<string, { file: string; css?: string[] }> = JSON.parse(
  readFileSync("dist/manifest.json", "utf8"),
);

const urls: Record<string, string> = {};
const rejected: string[] = [];
for (const [entry, info] of Object.entries(manifest)) {
  for (const path of [info.file, ...(info.css ?? [])]) {
    const url = new URL(path.replace(/^\/+/, ""), base);
    if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname) || path.startsWith("//")) {
      rejected.push(`${entry}: ${path}`);
      continue;
    }
    urls[path] = url.href;
  }
}

mkdirSync("out", { recursive: true });
writeFileSync("out/asset-urls.json", JSON.stringify(urls, null, 2) + "\n");
console.log(`${Object.keys(urls).length} asset URLs under ${base.href}`);
if (rejected.length) {
  console.error(`rejected ${rejected.length} entries outside the CDN base:`);
  for (const r of rejected) console.error(`  ${r}`);
  process.exitCode = 1;
}
