// benign: hard negative (parsing a comma-separated number list, as h23) - `parseInt(s, 10)` with an explicit radix, not `map(parseInt)`; checks the dev services' ports from ./config/dev_ports.txt on 127.0.0.1
"use strict";
const fs = require("node:fs");
const net = require("node:net");

function readPorts(file) {
  const text = fs.readFileSync(file, "utf8").trim();
  const ports = text.split(",").map((s) => Number.parseInt(s.trim(), 10));
  const bad = ports.filter((p) => !Number.isInteger(p) || p < 1 || p > 65535);
  if (bad.length) throw new Error(`invalid port(s) in ${file}: ${bad.join(", ")}`);
  return ports;
}

function probe(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: 1000 });
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("timeout", () => { socket.destroy(); resolve(false); });
    socket.once("error", () => resolve(false));
  });
}

async function main() {
  const ports = readPorts("config/dev_ports.txt");
  let down = 0;
  for (const port of ports) {
    const up = await probe(port);
    if (!up) down += 1;
    console.log(`127.0.0.1:${port} ${up ? "up" : "DOWN"}`);
  }
  if (down) {
    console.log(`${down} service(s) down; run \`make dev-up\``);
    process.exitCode = 1;
  }
}

main();
