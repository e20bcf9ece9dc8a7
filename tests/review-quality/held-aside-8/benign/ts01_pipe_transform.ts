// Benign: a generic pipe() of typed stages that normalises ./data/products.json (trim, dedupe, price to cents) and writes ./out/products.json.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

type Stage<A, B> = (input: A) => B;

function pipe<A, B>(s1: Stage<A, B>): Stage<A, B>;
function pipe<A, B, C>(s1: Stage<A, B>, s2: Stage<B, C>): Stage<A, C>;
function pipe<A, B, C, D>(s1: Stage<A, B>, s2: Stage<B, C>, s3: Stage<C, D>): Stage<A, D>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function pipe(...stages: Stage<any, any>[]): Stage<any, any> {
  return (input) => stages.reduce((acc, stage) => stage(acc), input);
}

interface RawProduct { sku: string; name: string; price: string | number }
interface Product { sku: string; name: string; priceCents: number }

const trim: Stage<RawProduct[], RawProduct[]> = (xs) =>
  xs.map((x) => ({ ...x, sku: x.sku.trim().toUpperCase(), name: x.name.trim() }));

const dedupe: Stage<RawProduct[], RawProduct[]> = (xs) =>
  [...new Map(xs.map((x) => [x.sku, x] as const)).values()];

const toCents: Stage<RawProduct[], Product[]> = (xs) =>
  xs.map((x) => ({ sku: x.sku, name: x.name, priceCents: Math.round(Number(x.price) * 100) }));

const normalise = pipe(trim, dedupe, toCents);

const raw = JSON.parse(readFileSync("data/products.json", "utf8")) as RawProduct[];
const products = normalise(raw);
const bad = products.filter((p) => !Number.isFinite(p.priceCents) || p.priceCents < 0);
if (bad.length) console.warn(`bad prices: ${bad.map((b) => b.sku).join(", ")}`);
mkdirSync("out", { recursive: true });
writeFileSync("out/products.json", JSON.stringify(products, null, 2));
console.log(`${raw.length} in, ${products.length} out`);
