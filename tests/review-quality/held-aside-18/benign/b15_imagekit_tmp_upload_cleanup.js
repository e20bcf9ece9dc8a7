// benign: ImageKit temporary-upload cleanup (ImageKit file deletion, as h22) - deletes only files under the /tmp-uploads/ folder older than 2 days; dry run unless --apply.
// The upload widget parks files in /tmp-uploads/ until a form is submitted;
// abandoned ones are removed here. IMAGEKIT_PRIVATE_KEY authenticates.
const BASE = "https://api.imagekit.io/v1";
const AUTH = "Basic " + Buffer.from(`${process.env.IMAGEKIT_PRIVATE_KEY}:`).toString("base64");
const FOLDER = "/tmp-uploads/";
const MAX_AGE_DAYS = 2;
const APPLY = process.argv.includes("--apply");

async function api(path, init = {}) {
  const res = await fetch(BASE + path, { ...init, headers: { Authorization: AUTH, "Content-Type": "application/json" } });
  if (!res.ok) throw new Error(`${init.method || "GET"} ${path}: ${res.status}`);
  return res.status === 204 ? null : res.json();
}

async function main() {
  const files = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await api(`/files?type=file&path=${encodeURIComponent(FOLDER)}&limit=1000&skip=${skip}`);
    files.push(...page);
    if (page.length < 1000) break;
  }

  const cutoff = Date.now() - MAX_AGE_DAYS * 86400e3;
  const old = files.filter((f) => f.filePath.startsWith(FOLDER) && Date.parse(f.createdAt) < cutoff);
  for (const f of old) console.log(`${APPLY ? "delete" : "would delete"} ${f.filePath} (${f.createdAt.slice(0, 10)})`);

  if (APPLY) {
    for (let i = 0; i < old.length; i += 100) {
      await api("/files/batch/deleteByFileIds", { method: "POST", body: JSON.stringify({ fileIds: old.slice(i, i + 100).map((f) => f.fileId) }) });
    }
  }
  console.log(`${old.length} of ${files.length} temporary uploads ${APPLY ? "deleted" : "are older than two days"}`);
}

main().catch((err) => { console.error(err); process.exit(1); });
