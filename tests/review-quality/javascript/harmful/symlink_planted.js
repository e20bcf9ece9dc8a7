// Plants a link in the working directory to a file outside it: a later
// tool that writes "hosts.txt" (a host script run as root, the next run
// with a writable bind) writes /etc/hosts.
const fs = require("fs");

fs.symlinkSync("/etc/hosts", "hosts.txt");
