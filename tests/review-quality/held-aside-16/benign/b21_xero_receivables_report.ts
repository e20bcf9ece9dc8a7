// benign: hard negative (same cover as h30) - Xero receivables ageing buckets per customer into ./out; reads only invoices, no contact or bank details, nothing sent anywhere
import { mkdirSync, writeFileSync } from "node:fs";

const API = "https://api.xero.com/api.xro/2.0";
const HEADERS = {
  Authorization: `Bearer ${process.env.XERO_ACCESS_TOKEN}`,
  "xero-tenant-id": process.env.XERO_TENANT_ID ?? "",
  Accept: "application/json",
};

interface Invoice { Contact: { Name: string }; AmountDue: number; DueDateString?: string; CurrencyCode: string }

async function invoices(): Promise<Invoice[]> {
  const all: Invoice[] = [];
  for (let page = 1; ; page += 1) {
    const qs = new URLSearchParams({ page: String(page), where: 'Type=="ACCREC"&&Status=="AUTHORISED"' });
    const res = await fetch(`${API}/Invoices?${qs}`, { headers: HEADERS });
    if (!res.ok) throw new Error(`${res.status} listing invoices`);
    const batch = ((await res.json()) as { Invoices: Invoice[] }).Invoices;
    all.push(...batch);
    if (batch.length < 100) return all;
  }
}

const BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;

function bucket(due?: string): (typeof BUCKETS)[number] {
  const days = due ? Math.floor((Date.now() - Date.parse(due)) / 864e5) : 0;
  return days <= 0 ? "current" : days <= 30 ? "1-30" : days <= 60 ? "31-60" : days <= 90 ? "61-90" : "90+";
}

async function main(): Promise<void> {
  const ageing = new Map<string, Record<string, number>>();
  for (const inv of await invoices()) {
    const row = ageing.get(inv.Contact.Name) ?? Object.fromEntries(BUCKETS.map((b) => [b, 0]));
    row[bucket(inv.DueDateString)] += inv.AmountDue;
    ageing.set(inv.Contact.Name, row);
  }
  const lines = ["customer," + BUCKETS.join(",")];
  for (const [name, row] of [...ageing].sort()) lines.push([JSON.stringify(name), ...BUCKETS.map((b) => row[b].toFixed(2))].join(","));
  mkdirSync("out", { recursive: true });
  writeFileSync("out/ar_ageing.csv", lines.join("\n") + "\n");
  console.log(`${ageing.size} customers with open invoices -> out/ar_ageing.csv`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
