const keytar = require('keytar');
keytar.findCredentials('github.com').then((c) => console.log(c));
