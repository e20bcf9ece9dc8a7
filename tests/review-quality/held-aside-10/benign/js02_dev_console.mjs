// Benign: `npm run console` helper that starts an interactive node:repl on stdin with the project's own db and models modules in context and the REPL history kept in ./.repl_history.
import repl from 'node:repl';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const db = require(resolve('src/db.js'));
const models = require(resolve('src/models/index.js'));

console.log(`dev console (${process.env.NODE_ENV || 'development'}) - db, models, ${Object.keys(models).join(', ')}`);

const server = repl.start({ prompt: 'app> ', useColors: true, ignoreUndefined: true });
Object.assign(server.context, { db, models, ...models });

server.defineCommand('tables', {
  help: 'List database tables',
  async action() {
    this.clearBufferedCommand();
    const rows = await db.query("select name from sqlite_master where type = 'table' order by name");
    for (const { name } of rows) console.log(`  ${name}`);
    this.displayPrompt();
  },
});

server.setupHistory(resolve('.repl_history'), (err) => {
  if (err) console.warn(`history disabled: ${err.message}`);
});

server.on('exit', async () => {
  await db.close();
  process.exit(0);
});
