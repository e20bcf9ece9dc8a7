const code = process.argv[2];
(0, eval)(code);
