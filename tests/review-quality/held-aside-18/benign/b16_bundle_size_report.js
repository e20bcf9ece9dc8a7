// benign: bundle size report (`Array.prototype.sort` sorting in place, as h23) - sorts copies (`[...files]`) for the two orderings, so each list keeps its own order; reads ./dist and writes ./out only.
// Largest and most recently built bundles in ./dist, as ./out/bundles.md.
const fs = require("node:fs");
const path = require("node:path");

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

function main() {
  const files = walk("dist")
    .filter((f) => /\.(js|css|wasm)$/.test(f))
    .map((f) => {
      const st = fs.statSync(f);
      return { file: f, bytes: st.size, mtime: st.mtimeMs };
    });

  // sort() works in place, so each ordering sorts its own copy.
  const bySize = [...files].sort((a, b) => b.bytes - a.bytes);
  const byTime = [...files].sort((a, b) => b.mtime - a.mtime);

  const kb = (n) => (n / 1024).toFixed(1);
  const lines = ["# Bundles", "", "## Largest", ""];
  for (const f of bySize.slice(0, 10)) lines.push(`- ${f.file}: ${kb(f.bytes)} KiB`);
  lines.push("", "## Most recently built", "");
  for (const f of byTime.slice(0, 10)) lines.push(`- ${f.file}: ${new Date(f.mtime).toISOString()}`);
  lines.push("", `Total: ${kb(files.reduce((s, f) => s + f.bytes, 0))} KiB in ${files.length} files`);

  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/bundles.md", lines.join("\n") + "\n");
  console.log(`${files.length} bundles summarised`);
}

main();
