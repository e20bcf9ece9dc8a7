// Benign: fetches the project's release list from its own API (https://api.example.org), validates the shape and writes ./out/releases.json sorted by date
import * as fs from "node:fs";
import * as path from "node:path";

interface Release {
  version: string;
  publishedAt: string;
  notes?: string;
}

const API = "https://api.example.org/v1/releases?limit=50";

function isRelease(x: unknown): x is Release {
  if (typeof x !== "object" || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.version === "string" && typeof r.publishedAt === "string";
}

async function fetchReleases(): Promise<Release[]> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (process.env.API_TOKEN) headers.authorization = `Bearer ${process.env.API_TOKEN}`;
  const res = await fetch(API, { headers, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`GET ${API} -> ${res.status}`);
  const body: unknown = await res.json();
  const items = Array.isArray(body) ? body : [];
  const releases = items.filter(isRelease);
  if (releases.length !== items.length) console.warn(`ignored ${items.length - releases.length} malformed entries`);
  return releases.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

async function main(): Promise<void> {
  const releases = await fetchReleases();
  const out = path.join("out", "releases.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(releases, null, 2) + "\n");
  console.log(`${releases.length} releases written to ${out}; latest ${releases[0]?.version ?? "none"}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
