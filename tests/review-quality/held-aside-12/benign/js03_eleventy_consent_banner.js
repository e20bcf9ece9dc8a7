// Benign: Eleventy post-build step that adds a cookie-consent banner to every page in ./_site and loads the project's own analytics script from https://cdn.example.org with an integrity hash, only after consent.
const fs = require("node:fs");
const path = require("node:path");

const SITE = path.resolve("_site");
const SNIPPET = `
<div id="cc-banner" role="dialog" aria-live="polite" hidden>
  We use a cookie to count visits. <button id="cc-ok">OK</button> <button id="cc-no">No thanks</button>
</div>
<script>
  (function () {
    const banner = document.getElementById("cc-banner");
    const load = () => {
      const s = document.createElement("script");
      s.src = "https://cdn.example.org/analytics/v3.js";
      s.integrity = "sha384-FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE";
      s.crossOrigin = "anonymous";
      document.head.appendChild(s);
    };
    const choice = localStorage.getItem("cc");
    if (choice === "yes") load();
    else if (!choice) banner.hidden = false;
    document.getElementById("cc-ok").onclick = () => { localStorage.setItem("cc", "yes"); banner.hidden = true; load(); };
    document.getElementById("cc-no").onclick = () => { localStorage.setItem("cc", "no"); banner.hidden = true; };
  })();
</script>`;

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
  if (html.includes('id="cc-banner"') || !html.includes("</body>")) continue;
  fs.writeFileSync(file, html.replace("</body>", `${SNIPPET}\n</body>`));
  patched += 1;
}
console.log(`consent banner added to ${patched} page(s)`);
