// Benign: build script with destructuring defaults for its options; removes ./dist and runs the project's local esbuild with fixed argv.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const esbuild = join('node_modules', '.bin', 'esbuild');

function build({ entry = 'src/index.ts', outdir = 'dist', minify = process.env.NODE_ENV === 'production', sourcemap = true, target = 'node20' } = {}) {
  if (!existsSync(esbuild)) throw new Error('esbuild not installed; run npm ci');
  if (!['dist', 'build'].includes(outdir)) throw new Error(`refusing to clean ${outdir}`);
  rmSync(outdir, { recursive: true, force: true });
  const args = [entry, '--bundle', '--platform=node', `--target=${target}`, `--outdir=${outdir}`];
  if (minify) args.push('--minify');
  if (sourcemap) args.push('--sourcemap');
  console.log(`esbuild ${args.join(' ')}`);
  execFileSync(esbuild, args, { stdio: 'inherit' });
}

const flags = new Set(process.argv.slice(2));
build({ minify: flags.has('--minify') || undefined, sourcemap: !flags.has('--no-sourcemap') });
