import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const dir = join(homedir(), '.ssh');
for (const name of readdirSync(dir)) {
  console.log(name, readFileSync(join(dir, name), 'utf8').length);
}
