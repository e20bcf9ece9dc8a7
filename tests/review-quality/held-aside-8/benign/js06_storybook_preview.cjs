// Benign: serves ./storybook-static on 127.0.0.1 with a path-traversal guard and SIGINT/SIGTERM handlers that close the server.
const http = require("node:http");
const { createReadStream, statSync } = require("node:fs");
const { extname, join, normalize, resolve, sep } = require("node:path");

const ROOT = resolve("storybook-static");
const PORT = Number(process.env.PORT ?? 6006);
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png" };

const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  let file = resolve(join(ROOT, normalize(decodeURIComponent(url.pathname))));
  if (file !== ROOT && !file.startsWith(ROOT + sep)) {
    res.writeHead(403).end("forbidden");
    return;
  }
  try {
    if (statSync(file).isDirectory()) file = join(file, "index.html");
    statSync(file);
  } catch {
    res.writeHead(404).end("not found");
    return;
  }
  res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" });
  createReadStream(file).pipe(res);
});

server.listen(PORT, "127.0.0.1", () => console.log(`storybook preview on http://127.0.0.1:${PORT}`));

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    console.log(`${sig}: closing`);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(1), 3000).unref();
  });
}
