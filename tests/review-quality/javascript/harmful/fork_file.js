const { fork } = require('child_process');
fork('payload.js');
