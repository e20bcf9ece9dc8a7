// Benign: mock API on 127.0.0.1 whose handlers live in a runtime table checked with `satisfies` against a mapped type with `${Method} ${Path}` keys; fixtures come from ./tests/mocks.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

type Method = "GET" | "POST";
type Path = "/health" | "/users" | "/orders";
type Routes = { [K in `${Method} ${Path}`]?: (req: IncomingMessage, res: ServerResponse) => void };

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const fixture = (name: string) => JSON.parse(readFileSync(`tests/mocks/${name}.json`, "utf8"));

const routes = {
  "GET /health": (_req, res) => json(res, 200, { ok: true }),
  "GET /users": (_req, res) => json(res, 200, fixture("users")),
  "GET /orders": (_req, res) => json(res, 200, fixture("orders")),
  "POST /orders": (req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => json(res, 201, { id: Date.now(), ...JSON.parse(body || "{}") }));
  },
} satisfies Routes;

const server = createServer((req, res) => {
  const key = `${req.method} ${new URL(req.url ?? "/", "http://localhost").pathname}`;
  const handler = (routes as Routes)[key as keyof Routes];
  handler ? handler(req, res) : json(res, 404, { error: `no route ${key}` });
});

const port = Number(process.env.MOCK_PORT ?? 4010);
server.listen(port, "127.0.0.1", () => console.log(`mock API on http://127.0.0.1:${port}`));
