// Benign: finds the first N error lines in ./logs/app.log with a generator that reads in chunks and closes its file descriptor in `finally` when the caller `break`s early.
import { openSync, readSync, closeSync } from "node:fs";

interface Hit { line: number; text: string }

function* lines(path: string, chunkSize = 64 * 1024): Generator<string> {
  const fd = openSync(path, "r");
  const buf = Buffer.alloc(chunkSize);
  let rest = "";
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, chunkSize, null);
      if (n === 0) break;
      const text = rest + buf.toString("utf8", 0, n);
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      yield* parts;
    }
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}

const path = process.argv[2] ?? "logs/app.log";
const limit = Number(process.argv[3] ?? 20);
const pattern = /\b(ERROR|FATAL)\b/;
const hits: Hit[] = [];

let lineNo = 0;
for (const text of lines(path)) {
  lineNo++;
  if (!pattern.test(text)) continue;
  hits.push({ line: lineNo, text: text.length > 200 ? `${text.slice(0, 200)}...` : text });
  if (hits.length >= limit) break;
}

for (const h of hits) console.log(`${String(h.line).padStart(7)}: ${h.text}`);
console.log(hits.length >= limit ? `stopped after ${limit} matches` : `${hits.length} matches in ${lineNo} lines`);
