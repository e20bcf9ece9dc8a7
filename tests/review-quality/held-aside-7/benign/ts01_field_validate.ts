// Benign: app config class whose standard field decorators return initializers that only range-check or trim values read from ./config/app.json.
import { readFileSync } from "node:fs";

const raw = JSON.parse(readFileSync("config/app.json", "utf8")) as Record<string, unknown>;

function fromConfig<T>(_value: undefined, ctx: ClassFieldDecoratorContext<unknown, T>) {
  return (initial: T): T => (String(ctx.name) in raw ? (raw[String(ctx.name)] as T) : initial);
}

function range(min: number, max: number) {
  return (_value: undefined, ctx: ClassFieldDecoratorContext<unknown, number>) => (initial: number): number => {
    if (!Number.isFinite(initial) || initial < min || initial > max) {
      throw new RangeError(`${String(ctx.name)} must be between ${min} and ${max}, got ${initial}`);
    }
    return initial;
  };
}

function trimmed(_value: undefined, _ctx: ClassFieldDecoratorContext<unknown, string>) {
  return (initial: string): string => initial.trim();
}

class AppConfig {
  @trimmed @fromConfig name: string = "app";
  @range(1, 65535) @fromConfig port: number = 3000;
  @range(1, 64) @fromConfig workers: number = 2;
  @fromConfig logLevel: string = "info";
}

const cfg = new AppConfig();
console.log(JSON.stringify(cfg, null, 2));
