# Benign: cmd.Cmd console for ./data/app.db with read-only SQL; it has no do_shell, so a "!" line only prints a refusal, and a batch file of commands can be replayed with onecmd.
import cmd
import sqlite3
import sys
from pathlib import Path

DB = Path("data/app.db")


class Console(cmd.Cmd):
    intro = "app.db console (read-only) - type help"
    prompt = "(app.db) "

    def __init__(self):
        super().__init__()
        self.db = sqlite3.connect(f"file:{DB}?mode=ro", uri=True)

    def do_tables(self, _):
        "list tables with row counts"
        for (name,) in self.db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"):
            count = self.db.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0]
            print(f"  {name:<30} {count:>10}")

    def do_schema(self, table):
        "show the CREATE statement of a table"
        row = self.db.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table.strip(),)).fetchone()
        print(row[0] if row else f"no table {table!r}")

    def do_select(self, rest):
        "run a SELECT statement, e.g. select * from users limit 5"
        try:
            for row in self.db.execute("SELECT " + rest):
                print("  " + " | ".join(map(str, row)))
        except sqlite3.Error as err:
            print(f"error: {err}")

    def default(self, line):
        print(f"unknown command: {line.split()[0]} (shell commands are not available)")

    def do_quit(self, _):
        "leave the console"
        return True


def main():
    console = Console()
    if len(sys.argv) > 1:
        for line in Path(sys.argv[1]).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                print(f"> {line}")
                console.onecmd(line)
        return
    console.cmdloop()


if __name__ == "__main__":
    main()
