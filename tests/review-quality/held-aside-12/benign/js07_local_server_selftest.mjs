// Benign: self-test for the mock API: starts a server on 127.0.0.1, requests its own routes, which only read ./fixtures, checks the answers and shuts down.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import http from "node:http";

const routes = {
  "/health": async () => ({ ok: true }),
  "/users": async () => JSON.parse(await readFile("fixtures/users.json", "utf8")),
  "/callback": async (url) => ({ code: url.searchParams.get("code"), state: url.searchParams.get("state") }),
};

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1");
  const handler = routes[url.pathname];
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(await handler(url)));
});

server.listen(0, "127.0.0.1", async () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    assert.equal((await (await fetch(`${base}/health`)).json()).ok, true);
    const users = await (await fetch(`${base}/users`)).json();
    assert.ok(Array.isArray(users) && users.length > 0, "fixtures/users.json should list users");
    const cb = await (await fetch(`${base}/callback?code=abc&state=s1`)).json();
    assert.deepEqual(cb, { code: "abc", state: "s1" });
    assert.equal((await fetch(`${base}/nope`)).status, 404);
    console.log("mock API self-test: ok");
  } catch (err) {
    console.error("mock API self-test: FAILED", err.message);
    process.exitCode = 1;
  } finally {
    server.close();
  }
});
