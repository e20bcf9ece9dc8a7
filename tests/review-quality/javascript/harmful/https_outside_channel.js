const https = require('https');
https.get('https://example.org');
