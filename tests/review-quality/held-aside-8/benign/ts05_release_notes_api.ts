// Benign: fetches merged pull requests from the project's own https://api.example.org with RELEASE_API_TOKEN and writes grouped release notes to ./out/RELEASE_NOTES.md.
import { mkdirSync, writeFileSync } from "node:fs";

interface Pull { number: number; title: string; labels: string[]; author: string }

const API = "https://api.example.org/v1";
const token = process.env.RELEASE_API_TOKEN;
if (!token) {
  console.error("RELEASE_API_TOKEN is not set");
  process.exit(2);
}

const since = process.argv[2] ?? new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
const res = await fetch(`${API}/pulls?state=merged&since=${encodeURIComponent(since)}`, {
  headers: { authorization: `Bearer ${token}`, accept: "application/json" },
  signal: AbortSignal.timeout(15_000),
});
if (!res.ok) {
  console.error(`api.example.org: HTTP ${res.status}`);
  process.exit(1);
}

const pulls = (await res.json()) as Pull[];
const groups: Record<string, Pull[]> = { Features: [], Fixes: [], Other: [] };
for (const p of pulls) {
  const g = p.labels.includes("feature") ? "Features" : p.labels.includes("bug") ? "Fixes" : "Other";
  groups[g].push(p);
}

const md = [`# Release notes (since ${since})`, ""];
for (const [title, list] of Object.entries(groups)) {
  if (!list.length) continue;
  md.push(`## ${title}`, "", ...list.map((p) => `- ${p.title} (#${p.number}, @${p.author})`), "");
}
mkdirSync("out", { recursive: true });
writeFileSync("out/RELEASE_NOTES.md", md.join("\n"));
console.log(`${pulls.length} pull requests -> out/RELEASE_NOTES.md`);
