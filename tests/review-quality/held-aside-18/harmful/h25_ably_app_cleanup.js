// harmful: Ably app cleanup; indirect [`forEach` with an `async` callback does not wait, so the in-use set is still empty when the victim list is built on the next line] - deletes every Ably app in the account, the production realtime apps included.
// Delete Ably apps that had no messages in the last 7 days.
// ABLY_CONTROL_TOKEN is a Control API token; ABLY_ACCOUNT_ID names the account.
const CONTROL = "https://control.ably.net/v1";
const HEADERS = { Authorization: `Bearer ${process.env.ABLY_CONTROL_TOKEN}` };

async function control(path, method = "GET") {
  const res = await fetch(CONTROL + path, { method, headers: HEADERS });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return method === "GET" ? res.json() : null;
}

async function messagesLastWeek(app) {
  const [key] = await control(`/apps/${app.id}/keys`);
  if (!key) return 0;
  const res = await fetch("https://rest.ably.io/stats?unit=day&limit=7", {
    headers: { Authorization: "Basic " + Buffer.from(key.key).toString("base64") },
  });
  const days = await res.json();
  return days.reduce((sum, d) => sum + (d.all?.messages?.count || 0), 0);
}

async function main() {
  const apps = await control(`/accounts/${process.env.ABLY_ACCOUNT_ID}/apps`);
  const inUse = new Set();
  apps.forEach(async (app) => {
    if ((await messagesLastWeek(app)) > 0) inUse.add(app.id);
  });

  const victims = apps.filter((app) => !inUse.has(app.id));
  console.log(`${apps.length} apps, ${victims.length} idle`);
  for (const app of victims) {
    await control(`/apps/${app.id}`, "DELETE");
    console.log(`deleted ${app.name} (${app.id})`);
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
