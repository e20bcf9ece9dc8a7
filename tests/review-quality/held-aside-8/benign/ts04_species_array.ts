// Benign: a SortedList subclass of Array that sets Symbol.species to plain Array so map/filter return ordinary arrays; used to rank ./out/bench.json results.
import { readFileSync } from "node:fs";

interface Bench { name: string; opsPerSec: number }

class SortedList<T> extends Array<T> {
  static get [Symbol.species](): ArrayConstructor {
    return Array;
  }

  static by<T>(items: T[], key: (x: T) => number): SortedList<T> {
    const list = new SortedList<T>();
    list.push(...[...items].sort((a, b) => key(b) - key(a)));
    return list;
  }

  top(n: number): T[] {
    return this.slice(0, n);
  }
}

const results = JSON.parse(readFileSync("out/bench.json", "utf8")) as Bench[];
const ranked = SortedList.by(results, (b) => b.opsPerSec);
const best = ranked[0]?.opsPerSec ?? 1;
const rows = ranked.map((b, i) => `${String(i + 1).padStart(2)}. ${b.name.padEnd(28)} ${b.opsPerSec.toFixed(0).padStart(12)} ops/s  ${((b.opsPerSec / best) * 100).toFixed(1)}%`);
console.log(rows.join("\n"));
console.log(`plain array from map: ${Object.getPrototypeOf(rows) === Array.prototype}`);
console.log(`top 3: ${ranked.top(3).map((b) => b.name).join(", ")}`);
