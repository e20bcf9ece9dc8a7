// Benign: model classes composed with Timestamped and Serializable mixin factories; writes ./out/models.json.
import { mkdirSync, writeFileSync } from "node:fs";

type Ctor<T = object> = new (...args: any[]) => T;

function Timestamped<TBase extends Ctor>(Base: TBase) {
  return class extends Base {
    createdAt = new Date();
    touch(): void { this.createdAt = new Date(); }
  };
}

function Serializable<TBase extends Ctor>(Base: TBase) {
  return class extends Base {
    serialize(): string {
      return JSON.stringify(this, (_k, v) => (v instanceof Date ? v.toISOString() : v));
    }
  };
}

class Entity { constructor(public id: number) {} }

class User extends Serializable(Timestamped(Entity)) {
  constructor(id: number, public email: string) { super(id); }
}

class Project extends Serializable(Timestamped(Entity)) {
  constructor(id: number, public name: string, public ownerId: number) { super(id); }
}

const users = [new User(1, "ada@example.test"), new User(2, "lin@example.test")];
const projects = [new Project(10, "docs", 1), new Project(11, "api", 2)];
mkdirSync("out", { recursive: true });
writeFileSync("out/models.json", `[${[...users, ...projects].map((m) => m.serialize()).join(",\n")}]\n`);
console.log(`wrote ${users.length + projects.length} models to out/models.json`);
