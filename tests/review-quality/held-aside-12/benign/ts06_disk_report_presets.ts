// Benign: disk usage report whose options come from a JSON preset merged with Object.assign after dropping any "__proto__" or "constructor" keys; it only runs df and prints.
import { execFileSync } from "node:child_process";

interface Options { deep: boolean; threshold: number }

const PRESETS: Record<string, string> = {
  quick: '{"deep": false, "threshold": 90}',
  ci: '{"deep": true, "threshold": 80}',
};

function safeParse(text: string): Partial<Options> {
  return JSON.parse(text, (key, value) => (key === "__proto__" || key === "constructor" ? undefined : value));
}

const preset = PRESETS[process.env.DISK_PRESET ?? "quick"] ?? PRESETS.quick;
const opts: Options = Object.assign({ deep: false, threshold: 85 }, safeParse(preset));

const lines = execFileSync("df", ["-P", "-k"], { encoding: "utf8" }).trim().split("\n").slice(1);
let over = 0;
for (const line of lines) {
  const [fs, , used, avail, pct, mount] = line.split(/\s+/);
  if (!opts.deep && (fs === "tmpfs" || fs === "overlay")) continue;
  const percent = Number(pct.replace("%", ""));
  const flag = percent >= opts.threshold ? "  <- over threshold" : "";
  if (flag) over += 1;
  console.log(`${mount.padEnd(28)} ${String(percent).padStart(3)}% (${used} KiB used, ${avail} KiB free)${flag}`);
}
console.log(`${over} filesystem(s) at or above ${opts.threshold}%`);
process.exitCode = over ? 1 : 0;
