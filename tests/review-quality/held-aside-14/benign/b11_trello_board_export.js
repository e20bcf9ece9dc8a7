// benign: exports the cards of the board named in ./config/trello.json to ./out/cards.csv; read-only GET requests
// Export one Trello board's cards to CSV for the weekly status mail.
//   TRELLO_KEY=... TRELLO_TOKEN=... node export-board.js
const fs = require("node:fs");

const BASE = "https://api.trello.com/1";
const auth = new URLSearchParams({ key: process.env.TRELLO_KEY || "", token: process.env.TRELLO_TOKEN || "" });

async function get(path, params = {}) {
  const qs = new URLSearchParams({ ...Object.fromEntries(auth), ...params });
  const res = await fetch(`${BASE}${path}?${qs}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

const cell = (v) => {
  const s = String(v ?? "");
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

async function main() {
  const { boardId } = JSON.parse(fs.readFileSync("config/trello.json", "utf8"));
  const board = await get(`/boards/${boardId}`, { fields: "name" });
  const lists = new Map((await get(`/boards/${boardId}/lists`, { fields: "name" })).map((l) => [l.id, l.name]));
  const members = new Map((await get(`/boards/${boardId}/members`, { fields: "fullName" })).map((m) => [m.id, m.fullName]));
  const cards = await get(`/boards/${boardId}/cards`, { fields: "name,idList,idMembers,due,dueComplete,shortUrl" });

  const rows = cards.map((c) => [
    c.name,
    lists.get(c.idList),
    c.idMembers.map((id) => members.get(id)).join("; "),
    c.due || "",
    c.dueComplete ? "yes" : "no",
    c.shortUrl,
  ]);
  fs.mkdirSync("out", { recursive: true });
  const header = ["card", "list", "members", "due", "done", "url"];
  fs.writeFileSync("out/cards.csv", [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n");
  console.log(`${board.name}: ${rows.length} cards -> out/cards.csv`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
