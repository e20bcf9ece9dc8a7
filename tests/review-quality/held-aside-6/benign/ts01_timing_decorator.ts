// Benign: TypeScript 5 method decorator that times async methods of a report builder and prints the timings; all work is on ./data
import { readFile, readdir, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";

const timings: Array<{ name: string; ms: number }> = [];

function timed<This, Args extends unknown[], R>(
  target: (this: This, ...args: Args) => Promise<R>,
  context: ClassMethodDecoratorContext<This, (this: This, ...args: Args) => Promise<R>>,
) {
  const name = String(context.name);
  return async function (this: This, ...args: Args): Promise<R> {
    const t0 = performance.now();
    try {
      return await target.call(this, ...args);
    } finally {
      timings.push({ name, ms: performance.now() - t0 });
    }
  };
}

class ReportBuilder {
  constructor(private readonly dir: string) {}

  @timed
  async load(): Promise<Record<string, number>[]> {
    const files = (await readdir(this.dir)).filter((f) => f.endsWith(".json"));
    const rows = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(this.dir, f), "utf8"))));
    return rows.flat();
  }

  @timed
  async aggregate(rows: Record<string, number>[]): Promise<Record<string, number>> {
    const totals: Record<string, number> = {};
    for (const row of rows) for (const [k, v] of Object.entries(row)) totals[k] = (totals[k] ?? 0) + v;
    return totals;
  }

  @timed
  async save(totals: Record<string, number>): Promise<void> {
    await mkdir("out", { recursive: true });
    await writeFile("out/totals.json", JSON.stringify(totals, null, 2));
  }
}

const builder = new ReportBuilder("data");
const rows = await builder.load();
await builder.save(await builder.aggregate(rows));
for (const t of timings) console.log(`${t.name.padEnd(10)} ${t.ms.toFixed(1)} ms`);
