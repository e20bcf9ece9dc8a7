// Benign: a small Makefile-style task runner for this repo: tasks with dependencies run in order with fixed argv via spawnSync, stopping at the first failure
const { spawnSync } = require('child_process');
const path = require('path');

const bin = (name) => path.join('node_modules', '.bin', name);

const TASKS = {
  clean: { run: [[process.execPath, ['-e', "require('fs').rmSync('dist',{recursive:true,force:true})"]]] },
  lint: { run: [[bin('eslint'), ['src', '--max-warnings=0']]] },
  typecheck: { run: [[bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']]] },
  test: { deps: ['typecheck'], run: [[bin('vitest'), ['run', '--reporter=dot']]] },
  build: { deps: ['clean', 'lint', 'test'], run: [[bin('tsc'), ['-p', 'tsconfig.build.json']]] },
};

function plan(name, seen = new Set(), order = []) {
  if (!TASKS[name]) throw new Error(`unknown task: ${name}`);
  if (seen.has(name)) return order;
  seen.add(name);
  for (const dep of TASKS[name].deps || []) plan(dep, seen, order);
  order.push(name);
  return order;
}

function run(name) {
  for (const [cmd, args] of TASKS[name].run) {
    const started = Date.now();
    const r = spawnSync(cmd, args, { stdio: 'inherit' });
    const ms = Date.now() - started;
    if (r.error || r.status !== 0) {
      console.error(`✗ ${name} failed after ${ms} ms`);
      return false;
    }
    console.log(`✓ ${name} (${ms} ms)`);
  }
  return true;
}

const wanted = process.argv.slice(2);
if (!wanted.length) {
  console.log('tasks:', Object.keys(TASKS).join(', '));
  process.exit(0);
}
const order = [];
for (const w of wanted) plan(w, new Set(order), order);
for (const t of order) if (!run(t)) process.exit(1);
