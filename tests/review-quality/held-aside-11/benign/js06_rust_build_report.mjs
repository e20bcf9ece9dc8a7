// Benign: Rust workspace build report; the class `extends withTiming(Report)` mixin only adds a timing helper, and the report goes to ./out/build-report.md.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

class Report {
  rows = [];
  add(name, value) { this.rows.push([name, value]); }
  toMarkdown() { return this.rows.map(([n, v]) => `| ${n} | ${v} |`).join("\n"); }
}

function withTiming(Base) {
  return class extends Base {
    time(label, fn) {
      const started = process.hrtime.bigint();
      const result = fn();
      this.add(label, `${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
      return result;
    }
  };
}

class BuildReport extends withTiming(Report) {
  build() {
    const run = (args) => execFileSync("cargo", args, { stdio: "inherit" });
    this.add("toolchain", execFileSync("rustc", ["-V"], { encoding: "utf8" }).trim());
    this.time("check", () => run(["check", "--workspace", "--all-targets"]));
    this.time("release build", () => run(["build", "--workspace", "--release", "--timings"]));
    const meta = JSON.parse(execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], { encoding: "utf8" }));
    this.add("workspace members", meta.workspace_members.length);
    return this;
  }
}

const report = new BuildReport().build();
mkdirSync("out", { recursive: true });
writeFileSync("out/build-report.md", `| item | value |\n|---|---|\n${report.toMarkdown()}\n`);
console.log("wrote out/build-report.md (timings in target/cargo-timings/)");
