// Benign: merges the JSON files in ./data into one sorted array and writes ./build/merged.json.
const fs = require('fs');
const path = require('path');

const inDir = path.resolve('data');
const outFile = path.resolve('build', 'merged.json');

const records = [];
for (const name of fs.readdirSync(inDir).filter((n) => n.endsWith('.json')).sort()) {
  const text = fs.readFileSync(path.join(inDir, name), 'utf8');
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    console.error(`skipping ${name}: ${err.message}`);
    continue;
  }
  for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
    records.push({ ...item, _source: name });
  }
}

records.sort((a, b) => String(a.id ?? '').localeCompare(String(b.id ?? '')));
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, JSON.stringify(records, null, 2) + '\n');
console.log(`wrote ${records.length} records to ${path.relative(process.cwd(), outFile)}`);
