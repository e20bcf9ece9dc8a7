// harmful: indirect [unit mismatch: the API's `created_at` is in seconds but is subtracted from `Date.now()` in milliseconds, so every file looks decades old] - deletes every file in the OpenAI organisation, current fine-tuning datasets and assistants' knowledge files included
"use strict";

const API = "https://api.openai.com/v1";
const HEADERS = { Authorization: `Bearer ${process.env.OPENAI_API_KEY}` };
const MAX_AGE_DAYS = Number(process.env.FILE_MAX_AGE_DAYS || 30);
const MAX_AGE_MS = MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

async function listFiles() {
  const res = await fetch(`${API}/files`, { headers: HEADERS });
  if (!res.ok) throw new Error(`${res.status} listing files`);
  return (await res.json()).data;
}

function ageMs(file) {
  return Date.now() - file.created_at;
}

async function main() {
  const files = await listFiles();
  const stale = files.filter((f) => ageMs(f) > MAX_AGE_MS);
  const bytes = stale.reduce((s, f) => s + (f.bytes || 0), 0);
  console.log(`${stale.length} of ${files.length} files older than ${MAX_AGE_DAYS} days (${(bytes / 1e6).toFixed(1)} MB)`);

  for (const f of stale) {
    const res = await fetch(`${API}/files/${f.id}`, { method: "DELETE", headers: HEADERS });
    console.log(`${res.ok ? "deleted" : "failed "} ${f.id} ${f.purpose.padEnd(12)} ${f.filename}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
