// Benign: reads PNG dimensions of ./assets/*.png in worker threads started on this same file and writes ./out/image-sizes.json.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

interface Size { file: string; width: number; height: number }

function pngSize(file: string): Size {
  const buf = readFileSync(file);
  if (buf.toString("ascii", 1, 4) !== "PNG") throw new Error(`${file}: not a PNG`);
  return { file, width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

if (!isMainThread) {
  const files = workerData as string[];
  parentPort?.postMessage(files.map(pngSize));
} else {
  const files = readdirSync("assets").filter((f) => f.endsWith(".png")).map((f) => join("assets", f));
  const n = Math.min(4, Math.max(1, files.length));
  const slices = Array.from({ length: n }, (_, i) => files.filter((_, j) => j % n === i));
  const self = fileURLToPath(import.meta.url);
  const results = await Promise.all(slices.map((slice) => new Promise<Size[]>((resolve, reject) => {
    const w = new Worker(self, { workerData: slice });
    w.once("message", resolve);
    w.once("error", reject);
  })));
  const sizes = results.flat().sort((a, b) => a.file.localeCompare(b.file));
  mkdirSync("out", { recursive: true });
  writeFileSync("out/image-sizes.json", JSON.stringify(sizes, null, 2));
  const big = sizes.filter((s) => s.width > 2048 || s.height > 2048);
  console.log(`${sizes.length} images; ${big.length} larger than 2048px`);
}
