const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
AsyncFunction('return process')().then((p) => p.exit(0));
