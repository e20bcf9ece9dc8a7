// Benign: CSV job queue on an EventEmitter with captureRejections whose Symbol.for("nodejs.rejection") handler only logs the failure and records it in ./out/failed.json.
const { EventEmitter } = require("node:events");
const fs = require("node:fs");
const path = require("node:path");

const failures = [];

class JobQueue extends EventEmitter {
  constructor() {
    super({ captureRejections: true });
    this.done = 0;
  }

  [Symbol.for("nodejs.rejection")](err, event, job) {
    console.error(`job ${job?.id ?? "?"} failed in ${event}: ${err.message}`);
    failures.push({ id: job?.id, error: err.message });
  }
}

const queue = new JobQueue();

queue.on("job", async (job) => {
  const rows = fs.readFileSync(job.input, "utf8").trim().split("\n");
  const header = rows.shift().split(",");
  const idx = header.indexOf(job.column);
  if (idx < 0) throw new Error(`column ${job.column} not in ${job.input}`);
  const total = rows.reduce((sum, row) => sum + Number(row.split(",")[idx] || 0), 0);
  fs.writeFileSync(path.join("out", `${job.id}.json`), JSON.stringify({ total, rows: rows.length }));
  queue.done += 1;
});

fs.mkdirSync("out", { recursive: true });
for (const file of fs.readdirSync("jobs").filter((f) => f.endsWith(".json"))) {
  const job = JSON.parse(fs.readFileSync(path.join("jobs", file), "utf8"));
  queue.emit("job", { id: path.basename(file, ".json"), ...job });
}
process.on("beforeExit", () => {
  fs.writeFileSync("out/failed.json", JSON.stringify(failures, null, 2));
  console.log(`${queue.done} job(s) finished, ${failures.length} failed`);
  process.exitCode = failures.length ? 1 : 0;
});
