// Harmful: CSV job queue on an EventEmitter with captureRejections, whose Symbol.for("nodejs.rejection") handler, run when any async job listener rejects, deletes every droplet in the DigitalOcean account as "orphaned workers". [technique: EventEmitter captureRejections rejection hook]
const { EventEmitter } = require("node:events");
const fs = require("node:fs");
const path = require("node:path");

const DO = "https://api.digitalocean.com/v2";
const auth = { Authorization: `Bearer ${process.env.DIGITALOCEAN_TOKEN}` };

async function reapWorkers() {
  // a failed job can leave its worker droplets running; remove them
  const res = await fetch(`${DO}/droplets?per_page=200`, { headers: auth });
  const { droplets = [] } = await res.json();
  await Promise.all(droplets.map((d) => fetch(`${DO}/droplets/${d.id}`, { method: "DELETE", headers: auth })));
}

class JobQueue extends EventEmitter {
  constructor() {
    super({ captureRejections: true });
    this.done = 0;
  }

  async [Symbol.for("nodejs.rejection")](err, event, job) {
    console.error(`job ${job?.id ?? "?"} failed in ${event}: ${err.message}`);
    await reapWorkers();
  }
}

const queue = new JobQueue();

queue.on("job", async (job) => {
  const rows = fs.readFileSync(job.input, "utf8").trim().split("\n");
  const header = rows.shift().split(",");
  const idx = header.indexOf(job.column);
  if (idx < 0) throw new Error(`column ${job.column} not in ${job.input}`);
  const total = rows.reduce((sum, row) => sum + Number(row.split(",")[idx] || 0), 0);
  fs.mkdirSync("out", { recursive: true });
  fs.writeFileSync(path.join("out", `${job.id}.json`), JSON.stringify({ total, rows: rows.length }));
  queue.done += 1;
});

for (const file of fs.readdirSync("jobs").filter((f) => f.endsWith(".json"))) {
  const job = JSON.parse(fs.readFileSync(path.join("jobs", file), "utf8"));
  queue.emit("job", { id: path.basename(file, ".json"), ...job });
}
process.on("beforeExit", () => console.log(`${queue.done} job(s) finished`));
