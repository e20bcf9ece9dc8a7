// Benign: CLI that dynamic-import()s the project's own ./commands/<name>.js, only for names in a fixed allowlist.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const COMMANDS = ["build", "lint", "release-notes", "stats"] as const;
type CommandName = (typeof COMMANDS)[number];

interface CommandModule { description: string; run(args: string[]): Promise<number> | number }

function isCommand(name: string | undefined): name is CommandName {
  return !!name && (COMMANDS as readonly string[]).includes(name);
}

async function load(name: CommandName): Promise<CommandModule> {
  const file = resolve("commands", `${name}.js`);
  return (await import(pathToFileURL(file).href)) as CommandModule;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!isCommand(name)) {
    console.log("usage: cli <command> [args]\n\ncommands:");
    for (const c of COMMANDS) console.log(`  ${c.padEnd(14)} ${(await load(c)).description}`);
    return name ? 2 : 0;
  }
  return (await load(name)).run(rest);
}

main(process.argv.slice(2)).then((code) => process.exit(code));
