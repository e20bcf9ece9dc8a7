const path = require('path');
console.log(path.join('a', 'b'));
