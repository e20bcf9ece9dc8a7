const cp = require('child_process');
cp['exec' + 'Sync']('id');
