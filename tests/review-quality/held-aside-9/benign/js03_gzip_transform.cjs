// Benign: archives ./logs/*.log into ./out/logs/*.log.gz with `stream.pipeline` through a counting `Transform` (its flush() only records line counts) and zlib gzip.
const { Transform, pipeline } = require('node:stream');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const fs = require('node:fs');
const path = require('node:path');

const pipe = promisify(pipeline);
const SRC = 'logs';
const DEST = path.join('out', 'logs');

class LineCounter extends Transform {
  constructor(name, stats) {
    super();
    this.name = name;
    this.stats = stats;
    this.lines = 0;
    this.errors = 0;
  }

  _transform(chunk, _enc, done) {
    const text = chunk.toString('utf8');
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lines++;
    this.errors += (text.match(/ ERROR /g) || []).length;
    done(null, chunk);
  }

  _flush(done) {
    this.stats.push({ file: this.name, lines: this.lines, errors: this.errors });
    done();
  }
}

async function main() {
  const files = fs.readdirSync(SRC).filter((f) => f.endsWith('.log'));
  if (!files.length) {
    console.log('no logs to archive');
    return;
  }
  fs.mkdirSync(DEST, { recursive: true });
  const stats = [];
  for (const f of files) {
    await pipe(
      fs.createReadStream(path.join(SRC, f)),
      new LineCounter(f, stats),
      zlib.createGzip({ level: 9 }),
      fs.createWriteStream(path.join(DEST, `${f}.gz`)),
    );
  }
  fs.writeFileSync(path.join(DEST, 'index.json'), JSON.stringify(stats, null, 2));
  for (const s of stats) console.log(`${s.file.padEnd(30)} ${String(s.lines).padStart(8)} lines ${String(s.errors).padStart(5)} errors`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
