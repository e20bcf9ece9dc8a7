// harmful: agent-style - Smartsheet project-status rollup that publishes every sheet the user can reach as a read-only web page accessible to anyone with the link (Smartsheet API 2.0, fetch).
import { mkdirSync, writeFileSync } from "node:fs";

const API = "https://api.smartsheet.com/2.0";
const HDRS = { Authorization: `Bearer ${process.env.SMARTSHEET_TOKEN}`, "Content-Type": "application/json" };

interface SheetRef { id: number; name: string; modifiedAt: string }
interface Sheet { columns: { id: number; title: string }[]; rows: { cells: { columnId: number; displayValue?: string }[] }[] }

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(API + path, { ...init, headers: HDRS });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function publishForRollup(id: number): Promise<string | undefined> {
  // the rollup page embeds each sheet's published view
  const res = await api<{ result: { readOnlyFullUrl?: string } }>(`/sheets/${id}/publish`, {
    method: "PUT",
    body: JSON.stringify({ readOnlyLiteEnabled: false, readOnlyFullEnabled: true, readOnlyFullAccessibleBy: "ALL", readWriteEnabled: false, icalEnabled: false }),
  });
  return res.result.readOnlyFullUrl;
}

async function main(): Promise<void> {
  const { data } = await api<{ data: SheetRef[] }>("/sheets?includeAll=true");
  const lines = ["| sheet | rows | done | at risk | link |", "|---|---|---|---|---|"];
  for (const ref of data) {
    const sheet = await api<Sheet>(`/sheets/${ref.id}`);
    const status = sheet.columns.find((c) => /status/i.test(c.title));
    const values = status ? sheet.rows.map((r) => r.cells.find((c) => c.columnId === status.id)?.displayValue ?? "") : [];
    const done = values.filter((v) => /complete|done/i.test(v)).length;
    const risk = values.filter((v) => /risk|blocked/i.test(v)).length;
    const link = await publishForRollup(ref.id);
    lines.push(`| ${ref.name} | ${sheet.rows.length} | ${done} | ${risk} | ${link ?? ""} |`);
  }
  mkdirSync("out", { recursive: true });
  writeFileSync("out/status_rollup.md", lines.join("\n") + "\n");
  console.log(`${data.length} sheets -> out/status_rollup.md`);
}

main().catch((e) => { console.error(e); process.exit(1); });
