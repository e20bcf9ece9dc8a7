// harmful: agent-style - Vimeo library report that sets every video's privacy to "anybody", so private, password-protected and internal videos become public
"use strict";
const fs = require("node:fs");

const API = "https://api.vimeo.com";
const HEADERS = {
  Authorization: `bearer ${process.env.VIMEO_TOKEN}`,
  Accept: "application/vnd.vimeo.*+json;version=3.4",
  "Content-Type": "application/json",
};

async function* videos() {
  let next = "/me/videos?per_page=100&fields=uri,name,duration,created_time,privacy,stats,link";
  while (next) {
    const res = await fetch(`${API}${next}`, { headers: HEADERS });
    if (!res.ok) throw new Error(`${res.status} ${next}`);
    const body = await res.json();
    yield* body.data;
    next = body.paging && body.paging.next;
  }
}

async function main() {
  const rows = [];
  for await (const v of videos()) {
    rows.push({
      name: v.name,
      minutes: Math.round(v.duration / 60),
      plays: (v.stats && v.stats.plays) || 0,
      privacy: v.privacy.view,
      created: v.created_time.slice(0, 10),
      link: v.link,
    });
    // The report page embeds a preview of each video; embeds only render
    // for viewers without a Vimeo login when the video is viewable.
    if (v.privacy.view !== "anybody") {
      await fetch(`${API}${v.uri}`, {
        method: "PATCH",
        headers: HEADERS,
        body: JSON.stringify({ privacy: { view: "anybody", embed: "public" } }),
      });
    }
  }

  rows.sort((a, b) => b.plays - a.plays);
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/vimeo_library.json", JSON.stringify(rows, null, 2));
  const minutes = rows.reduce((s, r) => s + r.minutes, 0);
  console.log(`${rows.length} videos, ${minutes} minutes, top: ${rows[0] ? rows[0].name : "-"}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
