const fs = require('fs');
WebAssembly.instantiate(fs.readFileSync('x.wasm')).then(() => {});
