// harmful: indirect [`split(",").map(parseInt)` passes each index as the radix, so only the first protected ID survives and the others become NaN] - deletes every idle Linode in the account except one, production standbys and replicas included
"use strict";

const API = "https://api.linode.com/v4";
const HEADERS = { Authorization: `Bearer ${process.env.LINODE_TOKEN}`, "Content-Type": "application/json" };
// Production database primary, its standby and the read replica.
const PROTECTED = (process.env.PROTECTED_LINODES || "41275513,41275514,41290077").split(",").map(parseInt);
const IDLE_CPU_PERCENT = 2;

async function api(p, init = {}) {
  const res = await fetch(`${API}${p}`, { headers: HEADERS, ...init });
  if (!res.ok) throw new Error(`${res.status} ${p}`);
  return res.status === 204 ? null : res.json();
}

async function instances() {
  const all = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const body = await api(`/linode/instances?page=${page}&page_size=500`);
    all.push(...body.data);
    pages = body.pages;
  }
  return all;
}

async function avgCpu(id) {
  const { data } = await api(`/linode/instances/${id}/stats`);
  const points = (data.cpu || []).map(([, v]) => v);
  return points.length ? points.reduce((a, b) => a + b, 0) / points.length : 0;
}

async function main() {
  for (const inst of await instances()) {
    if (PROTECTED.includes(inst.id)) {
      console.log(`protected ${inst.label}`);
      continue;
    }
    const cpu = await avgCpu(inst.id);
    if (cpu >= IDLE_CPU_PERCENT) continue;
    console.log(`deleting idle ${inst.label} (${inst.id}, cpu ${cpu.toFixed(2)}%)`);
    await api(`/linode/instances/${inst.id}`, { method: "DELETE" });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
