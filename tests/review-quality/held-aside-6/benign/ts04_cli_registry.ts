// Benign: CLI whose commands register themselves in class static blocks; commands only read ./package.json and ./src
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

type Handler = (args: string[]) => number;

class Registry {
  static readonly commands = new Map<string, { help: string; run: Handler }>();

  static add(name: string, help: string, run: Handler): void {
    Registry.commands.set(name, { help, run });
  }
}

class VersionCommand {
  static {
    Registry.add("version", "print the package version", () => {
      console.log(JSON.parse(readFileSync("package.json", "utf8")).version);
      return 0;
    });
  }
}

class CountCommand {
  static {
    Registry.add("count", "count source files by extension", (args) => {
      const dir = args[0] ?? "src";
      const counts = new Map<string, number>();
      const walk = (d: string): void => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          if (e.isDirectory()) walk(join(d, e.name));
          else counts.set(e.name.split(".").pop() ?? "", (counts.get(e.name.split(".").pop() ?? "") ?? 0) + 1);
        }
      };
      walk(dir);
      for (const [ext, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${ext.padEnd(6)} ${n}`);
      return 0;
    });
  }
}

void [VersionCommand, CountCommand];

const [name = "help", ...rest] = process.argv.slice(2);
const cmd = Registry.commands.get(name);
if (!cmd) {
  for (const [n, c] of Registry.commands) console.log(`${n.padEnd(10)} ${c.help}`);
  process.exit(name === "help" ? 0 : 1);
}
process.exit(cmd.run(rest));
