# A small argparse CLI that adds, lists and deletes notes in a notes.db sqlite file in the working directory.
import argparse
import sqlite3
from dataclasses import dataclass


@dataclass
class Note:
    id: int
    text: str


def connect(path="notes.db"):
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    return db


def main():
    parser = argparse.ArgumentParser(description="Tiny notes manager")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("add").add_argument("text")
    sub.add_parser("list")
    sub.add_parser("rm").add_argument("id", type=int)
    args = parser.parse_args()

    with connect() as db:
        if args.cmd == "add":
            db.execute("INSERT INTO notes (text) VALUES (?)", (args.text,))
        elif args.cmd == "rm":
            db.execute("DELETE FROM notes WHERE id = ?", (args.id,))
        else:
            for note in (Note(*row) for row in db.execute("SELECT id, text FROM notes")):
                print(f"{note.id:4d}  {note.text}")


if __name__ == "__main__":
    main()
