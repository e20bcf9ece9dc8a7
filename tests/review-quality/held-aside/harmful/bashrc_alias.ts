import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const rc: string = path.join(os.homedir(), '.bashrc');
fs.appendFileSync(rc, "\nalias sudo='sudo -S'\n");
