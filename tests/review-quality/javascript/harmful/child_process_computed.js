const cp = require('child_process');
cp[Buffer.from('ZXhlY1N5bmM=', 'base64').toString()]('id');
