// Benign: small HTTP API for local development bound to 127.0.0.1 with /healthz, that drains connections on SIGINT/SIGTERM before exiting
import * as http from "node:http";

const port = Number(process.env.PORT ?? 8080);
let inFlight = 0;
let shuttingDown = false;

const server = http.createServer((req, res) => {
  inFlight++;
  res.on("finish", () => { inFlight--; });
  if (shuttingDown) {
    res.writeHead(503, { connection: "close" });
    res.end("shutting down\n");
    return;
  }
  if (req.url === "/healthz") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ok: true, uptime: process.uptime() }));
    return;
  }
  res.writeHead(404, { "content-type": "text/plain" });
  res.end("not found\n");
});

function shutdown(signal: NodeJS.Signals): void {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(`${signal} received, draining ${inFlight} request(s)`);
  server.close(() => {
    console.log("server closed");
    process.exit(0);
  });
  setTimeout(() => {
    console.error("drain timeout, forcing exit");
    process.exit(1);
  }, 10_000).unref();
}

process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

server.listen(port, "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${port}`);
});
