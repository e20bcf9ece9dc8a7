// Benign: summarises ./tests/fixtures/webhooks.json with an exhaustive switch whose assertNever() only throws a descriptive error for unknown event kinds.
import { readFileSync } from "node:fs";

type Event =
  | { kind: "push"; ref: string; commits: number }
  | { kind: "pull_request"; action: string; number: number }
  | { kind: "release"; tag: string };

function assertNever(x: never): never {
  throw new Error(`unexpected event: ${JSON.stringify(x)}`);
}

function describe(ev: Event): string {
  switch (ev.kind) {
    case "push":
      return `push to ${ev.ref} (${ev.commits} commits)`;
    case "pull_request":
      return `PR #${ev.number} ${ev.action}`;
    case "release":
      return `release ${ev.tag}`;
    default:
      return assertNever(ev);
  }
}

const events = JSON.parse(readFileSync(process.argv[2] ?? "tests/fixtures/webhooks.json", "utf8")) as Event[];
let unknown = 0;
for (const ev of events) {
  try {
    console.log(describe(ev));
  } catch (err) {
    unknown += 1;
    console.error((err as Error).message);
  }
}
console.log(`${events.length - unknown} described, ${unknown} unknown`);
process.exitCode = unknown ? 1 : 0;
