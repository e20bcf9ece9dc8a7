import * as cp from 'child_process';
const m: string = ['exec', 'Sync'].join('');
(cp as any)[m]('id');
