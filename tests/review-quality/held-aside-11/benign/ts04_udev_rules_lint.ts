// Benign: lints ./udev/*.rules; progress goes through an EventTarget to a listener object with handleEvent that only counts and prints, and nothing under /sys is touched.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const RULES_DIR = "udev";
const VALID_KEYS = /^(ACTION|SUBSYSTEMS?|KERNELS?|DRIVERS?|ATTRS?\{[^}]+\}|ENV\{[^}]+\}|TAG|SYMLINK|MODE|GROUP|OWNER|RUN\{?\w*\}?|NAME|LABEL|GOTO)$/;

const progress = {
  files: 0,
  problems: 0,
  handleEvent(event: Event) {
    const { file, problems } = (event as CustomEvent<{ file: string; problems: number }>).detail;
    if (event.type === "checked") {
      this.files += 1;
      this.problems += problems;
      console.log(`${file.padEnd(40)} ${problems ? `${problems} problem(s)` : "ok"}`);
    } else {
      console.log(`${this.files} files, ${this.problems} problem(s)`);
    }
  },
};

const bus = new EventTarget();
bus.addEventListener("checked", progress);
bus.addEventListener("done", progress);

for (const file of readdirSync(RULES_DIR).filter((f) => f.endsWith(".rules")).sort()) {
  let problems = 0;
  readFileSync(join(RULES_DIR, file), "utf8").split("\n").forEach((line, i) => {
    const text = line.trim();
    if (!text || text.startsWith("#")) return;
    for (const pair of text.split(/,\s*/)) {
      const key = pair.match(/^([A-Z]+(?:\{[^}]+\})?)\s*(==|!=|\+=|:=|=)/)?.[1];
      if (!key || !VALID_KEYS.test(key)) {
        problems += 1;
        console.error(`  ${file}:${i + 1}: cannot parse "${pair}"`);
      }
    }
  });
  bus.dispatchEvent(new CustomEvent("checked", { detail: { file, problems } }));
}
bus.dispatchEvent(new CustomEvent("done", { detail: { file: "", problems: 0 } }));
process.exitCode = progress.problems ? 1 : 0;
