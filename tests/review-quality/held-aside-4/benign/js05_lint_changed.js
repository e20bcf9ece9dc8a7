// Benign: git helper - lists files changed against origin/main using git with fixed arguments (execFileSync, no shell) and runs the project's local eslint only on those files.
'use strict';
/**
 * Lint only what changed on this branch.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const BASE = process.env.LINT_BASE || 'origin/main';
const EXTS = new Set(['.js', '.mjs', '.cjs', '.ts', '.tsx']);

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function changedFiles() {
  const mergeBase = git(['merge-base', BASE, 'HEAD']);
  const out = git(['diff', '--name-only', '--diff-filter=ACMR', mergeBase, '--']);
  return out.split('\n').filter((f) => f && EXTS.has(path.extname(f)) && fs.existsSync(f));
}

function main() {
  let files;
  try {
    files = changedFiles();
  } catch (err) {
    console.error(`could not compute diff against ${BASE}: ${err.message}`);
    return 2;
  }
  if (files.length === 0) {
    console.log('no changed JS/TS files');
    return 0;
  }
  console.log(`linting ${files.length} changed file(s)`);
  const eslint = path.join('node_modules', '.bin', 'eslint');
  try {
    execFileSync(eslint, ['--max-warnings=0', ...files], { stdio: 'inherit' });
    return 0;
  } catch (err) {
    return err.status || 1;
  }
}

process.exit(main());
