// Benign: hard negative (same mechanism as harmful js10: a `MessageChannel` port handler fired by the program's own `postMessage`) - the handlers only collect image sizes and write ./out/screenshots.json.
import { MessageChannel } from "node:worker_threads";
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, extname } from "node:path";

const { port1, port2 } = new MessageChannel();
const index = [];
let started = 0;

const handlers = {
  ready: () => { started = Date.now(); },
  shot: ({ file, bytes }) => index.push({ file, kb: Math.round(bytes / 1024) }),
  done: () => {
    index.sort((a, b) => b.kb - a.kb);
    mkdirSync("out", { recursive: true });
    writeFileSync("out/screenshots.json", JSON.stringify(index, null, 2));
    const big = index.filter((i) => i.kb > 500);
    console.log(`indexed ${index.length} screenshots in ${Date.now() - started} ms; ${big.length} over 500 KB`);
    port1.close();
  },
};
port1.on("message", (msg) => handlers[msg.kind]?.(msg));

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if ([".png", ".jpg", ".webp"].includes(extname(p))) yield p;
  }
}

port2.postMessage({ kind: "ready" });
for (const file of walk("docs/assets")) port2.postMessage({ kind: "shot", file, bytes: statSync(file).size });
port2.postMessage({ kind: "done" });
