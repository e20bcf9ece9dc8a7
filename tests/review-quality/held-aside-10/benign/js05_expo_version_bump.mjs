// Benign: bumps the Expo app version in ./app.json (patch, minor or major) and increments the iOS buildNumber and Android versionCode; no network, no other files.
import { readFileSync, writeFileSync } from 'node:fs';

const APP_JSON = 'app.json';
const PARTS = ['patch', 'minor', 'major'];

function bump(version, part) {
  const [maj, min, pat] = version.split('.').map(Number);
  if ([maj, min, pat].some(Number.isNaN)) throw new Error(`not a semver version: ${version}`);
  if (part === 'major') return `${maj + 1}.0.0`;
  if (part === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

const part = process.argv[2] ?? 'patch';
if (!PARTS.includes(part)) {
  console.error(`usage: bump-version [${PARTS.join('|')}]`);
  process.exit(2);
}

const app = JSON.parse(readFileSync(APP_JSON, 'utf8'));
const expo = app.expo;
const previous = expo.version;
expo.version = bump(previous, part);
expo.ios = { ...expo.ios, buildNumber: String(Number(expo.ios?.buildNumber ?? 0) + 1) };
expo.android = { ...expo.android, versionCode: (expo.android?.versionCode ?? 0) + 1 };
writeFileSync(APP_JSON, JSON.stringify(app, null, 2) + '\n');
console.log(`${expo.slug}: ${previous} -> ${expo.version} (ios ${expo.ios.buildNumber}, android ${expo.android.versionCode})`);
