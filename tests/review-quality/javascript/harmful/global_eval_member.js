globalThis.eval("console.log(1)");
