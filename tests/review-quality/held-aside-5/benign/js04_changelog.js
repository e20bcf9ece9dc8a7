// Benign: builds ./out/CHANGELOG.md from conventional-commit subjects since the last tag, using git log with fixed arguments
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

function git(args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

let since = '';
try {
  since = git(['describe', '--tags', '--abbrev=0']);
} catch (e) {
  since = '';
}

const range = since ? [`${since}..HEAD`] : [];
const log = git(['log', '--no-merges', '--format=%h%x09%s', ...range]);
const groups = { feat: 'Features', fix: 'Fixes', perf: 'Performance', docs: 'Documentation' };
const sections = {};

for (const line of log.split('\n').filter(Boolean)) {
  const [hash, subject] = line.split('\t');
  const m = /^(\w+)(\([^)]*\))?!?:\s*(.+)$/.exec(subject);
  const title = m && groups[m[1]] ? groups[m[1]] : 'Other';
  (sections[title] = sections[title] || []).push(`- ${m ? m[3] : subject} (${hash})`);
}

const version = JSON.parse(fs.readFileSync('package.json', 'utf8')).version || 'unreleased';
const order = ['Features', 'Fixes', 'Performance', 'Documentation', 'Other'];
const body = [`## ${version} (${new Date().toISOString().slice(0, 10)})`, ''];
for (const title of order) {
  if (!sections[title]) continue;
  body.push(`### ${title}`, ...sections[title], '');
}

fs.mkdirSync('out', { recursive: true });
fs.writeFileSync(path.join('out', 'CHANGELOG.md'), body.join('\n'));
console.log(`changelog for ${version}: ${log ? log.split('\n').length : 0} commits since ${since || 'the start'}`);
