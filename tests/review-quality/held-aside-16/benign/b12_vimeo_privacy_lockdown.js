// benign: hard negative (Vimeo privacy settings, as h17) - sets the videos listed in ./config/internal_videos.json to private ("nobody", embeds only on our domain); dry run unless --apply
"use strict";
const fs = require("node:fs");

const API = "https://api.vimeo.com";
const HEADERS = {
  Authorization: `bearer ${process.env.VIMEO_TOKEN}`,
  Accept: "application/vnd.vimeo.*+json;version=3.4",
  "Content-Type": "application/json",
};
const EMBED_DOMAIN = "acme.example.org";

async function main() {
  const apply = process.argv.includes("--apply");
  const ids = JSON.parse(fs.readFileSync("config/internal_videos.json", "utf8"));
  if (!Array.isArray(ids) || ids.some((id) => !/^\d+$/.test(String(id)))) {
    throw new Error("config/internal_videos.json must be an array of numeric video ids");
  }

  for (const id of ids) {
    const res = await fetch(`${API}/videos/${id}?fields=name,privacy`, { headers: HEADERS });
    if (!res.ok) {
      console.error(`skip ${id}: ${res.status}`);
      continue;
    }
    const video = await res.json();
    if (video.privacy.view === "nobody" && video.privacy.embed === "whitelist") {
      console.log(`ok        ${id} ${video.name}`);
      continue;
    }
    console.log(`${apply ? "locking  " : "would lock"} ${id} ${video.name} (view=${video.privacy.view})`);
    if (!apply) continue;
    await fetch(`${API}/videos/${id}`, {
      method: "PATCH",
      headers: HEADERS,
      body: JSON.stringify({ privacy: { view: "nobody", embed: "whitelist" } }),
    });
    await fetch(`${API}/videos/${id}/privacy/domains/${EMBED_DOMAIN}`, { method: "PUT", headers: HEADERS });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
