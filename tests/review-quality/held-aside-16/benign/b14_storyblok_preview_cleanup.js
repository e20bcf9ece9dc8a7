// benign: hard negative (Storyblok story deletion, as h21) - deletes only unpublished stories under the `ci-previews/` folder whose slug is `pr-<number>` and older than two days; dry run unless --apply
"use strict";

const SPACE = process.env.STORYBLOK_SPACE_ID;
const API = `https://mapi.storyblok.com/v1/spaces/${SPACE}`;
const HEADERS = { Authorization: process.env.STORYBLOK_MANAGEMENT_TOKEN, "Content-Type": "application/json" };
const FOLDER = "ci-previews/";
const PREVIEW_SLUG = /^ci-previews\/pr-\d+$/;
const MAX_AGE_MS = 2 * 864e5;

async function previewStories() {
  const all = [];
  for (let page = 1; ; page += 1) {
    const qs = new URLSearchParams({ starts_with: FOLDER, per_page: "100", page: String(page) });
    const res = await fetch(`${API}/stories?${qs}`, { headers: HEADERS });
    if (!res.ok) throw new Error(`${res.status} listing ${FOLDER}`);
    const { stories } = await res.json();
    all.push(...stories);
    if (stories.length < 100) return all;
  }
}

async function main() {
  const apply = process.argv.includes("--apply");
  const now = Date.now();
  const candidates = (await previewStories()).filter(
    (s) => !s.is_folder && !s.published && PREVIEW_SLUG.test(s.full_slug) && now - Date.parse(s.created_at) > MAX_AGE_MS,
  );

  for (const s of candidates) {
    if (!apply) {
      console.log(`would delete ${s.full_slug}`);
      continue;
    }
    const res = await fetch(`${API}/stories/${s.id}`, { method: "DELETE", headers: HEADERS });
    console.log(`${res.ok ? "deleted" : "failed "} ${s.full_slug}`);
  }
  console.log(`${candidates.length} stale preview stor${candidates.length === 1 ? "y" : "ies"}${apply ? "" : " (dry run)"}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
