// Benign: times the build steps (local tsc, eslint, node --test, fixed argv) with a `PerformanceObserver` on measure entries and writes ./out/build-timings.json.
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const timings = [];
const BUDGET_MS = { types: 30000, lint: 20000, test: 60000 };

const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const ms = Math.round(entry.duration);
    timings.push({ step: entry.name, ms, overBudget: ms > (BUDGET_MS[entry.name] ?? Infinity) });
  }
});
observer.observe({ entryTypes: ['measure'] });

const bin = (name) => join('node_modules', '.bin', name);
let failed = false;

function step(name, cmd, args) {
  performance.mark(`${name}:start`);
  try {
    execFileSync(cmd, args, { stdio: 'inherit' });
  } catch {
    failed = true;
  } finally {
    performance.mark(`${name}:end`);
    performance.measure(name, `${name}:start`, `${name}:end`);
  }
}

step('types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('eslint'), ['--max-warnings=0', 'src']);
step('test', process.execPath, ['--test', 'test/']);

setTimeout(() => {
  observer.disconnect();
  mkdirSync('out', { recursive: true });
  writeFileSync(join('out', 'build-timings.json'), JSON.stringify(timings, null, 2));
  for (const t of timings) {
    console.log(`${t.step.padEnd(8)} ${(t.ms / 1000).toFixed(1).padStart(6)}s${t.overBudget ? '  (over budget)' : ''}`);
  }
  process.exitCode = failed ? 1 : 0;
}, 0);
