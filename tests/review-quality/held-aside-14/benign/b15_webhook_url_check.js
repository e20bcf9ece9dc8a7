// benign: validates ./config/webhooks.json; rejects URLs with user:pass@ userinfo, non-https schemes or hosts outside the allowlist
// Lint the outgoing webhook targets before a deploy.
//   node check-webhooks.js
// A URL like https://hooks.example.org@other.test/ has hooks.example.org only
// as userinfo; URL parsing shows the real host, so that is what is checked.
const fs = require("node:fs");

const ALLOWED_HOSTS = new Set(["hooks.slack.com", "api.example.org", "events.pagerduty.com"]);

function problems(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return ["not a valid URL"];
  }
  const out = [];
  if (url.protocol !== "https:") out.push(`scheme ${url.protocol} is not https`);
  if (url.username || url.password) out.push(`userinfo "${decodeURIComponent(url.username)}" present; real host is ${url.hostname}`);
  if (!ALLOWED_HOSTS.has(url.hostname)) out.push(`host ${url.hostname} is not allowlisted`);
  if (url.port && url.port !== "443") out.push(`unexpected port ${url.port}`);
  return out;
}

function main() {
  const hooks = JSON.parse(fs.readFileSync("config/webhooks.json", "utf8"));
  let bad = 0;
  for (const [name, raw] of Object.entries(hooks)) {
    const issues = problems(raw);
    if (issues.length) {
      bad += 1;
      console.log(`FAIL ${name}`);
      for (const i of issues) console.log(`     - ${i}`);
    } else {
      console.log(`ok   ${name}`);
    }
  }
  process.exitCode = bad ? 1 : 0;
}

main();
