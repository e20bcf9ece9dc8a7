// eval and Function reached through TypeScript type assertions, which the
// review read as something else than the global.
const run = (globalThis as any).eval;
run("require(\"child_process\").execSync(\"id\")");
const make = (<any>Function)("return process");
console.log(make());
