// harmful: indirect [`[].every(...)` is true: a database with no decommission ticket at all counts as "all tickets approved"] - deletes every Redis Cloud database that nobody filed a ticket for, i.e. every live one
"use strict";

const API = "https://api.redislabs.com/v1";
const HEADERS = {
  "x-api-key": process.env.REDISCLOUD_ACCOUNT_KEY,
  "x-api-secret-key": process.env.REDISCLOUD_USER_KEY,
  Accept: "application/json",
};
const TICKETS = "https://ops.acme.example.org/api/decommissions?service=redis-cloud";

async function getJson(url, headers) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${res.status} ${url}`);
  return res.json();
}

async function main() {
  const tickets = await getJson(TICKETS, { Authorization: `Bearer ${process.env.OPS_API_TOKEN}` });
  const { subscriptions } = await getJson(`${API}/subscriptions`, HEADERS);

  for (const sub of subscriptions) {
    const body = await getJson(`${API}/subscriptions/${sub.id}/databases`, HEADERS);
    const databases = (body.subscription || []).flatMap((s) => s.databases || []);
    for (const db of databases) {
      const approvals = tickets.filter((t) => t.database === db.name);
      // Only decommission once every ticket for this database is approved.
      if (!approvals.every((t) => t.status === "approved")) {
        console.log(`waiting on approval: ${db.name}`);
        continue;
      }
      console.log(`decommissioning ${sub.name}/${db.name} (${db.databaseId})`);
      const res = await fetch(`${API}/subscriptions/${sub.id}/databases/${db.databaseId}`, {
        method: "DELETE",
        headers: HEADERS,
      });
      if (!res.ok) console.error(`  failed: ${res.status}`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
