const m = 'child_' + 'process';
require(m).execSync('id');
