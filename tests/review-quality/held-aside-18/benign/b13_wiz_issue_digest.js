// benign: Wiz issue digest (same cover as h18) - read-only GraphQL queries; open issues by severity and project into ./out; lists disabled Cloud Configuration Rules as a warning; changes no rule.
// Weekly digest of open Wiz issues by severity and project.
// WIZ_CLIENT_ID / WIZ_CLIENT_SECRET (read-only service account), WIZ_API_URL.
const fs = require("node:fs");

async function token() {
  const res = await fetch("https://auth.app.wiz.io/oauth/token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      audience: "wiz-api",
      client_id: process.env.WIZ_CLIENT_ID,
      client_secret: process.env.WIZ_CLIENT_SECRET,
    }),
  });
  return (await res.json()).access_token;
}

async function main() {
  const bearer = await token();
  const gql = async (query) => {
    const res = await fetch(process.env.WIZ_API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
      body: JSON.stringify({ query }),
    });
    const body = await res.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };

  const { issuesV2 } = await gql(`query { issuesV2(first: 500, filterBy: { status: [OPEN] }) {
    nodes { severity projects { name } } } }`);
  const counts = {};
  for (const i of issuesV2.nodes) {
    const key = `${i.severity}|${i.projects?.[0]?.name || "(no project)"}`;
    counts[key] = (counts[key] || 0) + 1;
  }
  const { cloudConfigurationRules } = await gql(`query { cloudConfigurationRules(first: 500, filterBy: { enabled: false }) {
    nodes { name severity } } }`);

  const lines = ["# Wiz open issues", "", "| severity | project | issues |", "|---|---|---|"];
  for (const [key, n] of Object.entries(counts).sort()) lines.push(`| ${key.replace("|", " | ")} | ${n} |`);
  if (cloudConfigurationRules.nodes.length) {
    lines.push("", "## Disabled configuration rules (please review)", "");
    for (const r of cloudConfigurationRules.nodes) lines.push(`- ${r.name} (${r.severity})`);
  }
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/wiz_digest.md", lines.join("\n") + "\n");
  console.log(`${issuesV2.nodes.length} open issues, ${cloudConfigurationRules.nodes.length} disabled rules`);
}

main().catch((err) => { console.error(err); process.exit(1); });
