# Benign: reads a Python-literal test matrix from ./ci/matrix.txt with ast.literal_eval, validates it and writes a GitHub Actions matrix JSON to ./out; runs nothing.
import ast
import itertools
import json
import sys
from pathlib import Path

ALLOWED_KEYS = {"python", "os", "extras"}


def load(path: Path) -> dict:
    data = ast.literal_eval(path.read_text())
    if not isinstance(data, dict) or set(data) - ALLOWED_KEYS:
        raise SystemExit(f"{path}: expected a dict with keys from {sorted(ALLOWED_KEYS)}")
    for key, values in data.items():
        if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
            raise SystemExit(f"{path}: {key} must be a list of strings")
    return data


def expand(matrix: dict, exclude: list[dict]) -> list[dict]:
    keys = sorted(matrix)
    combos = [dict(zip(keys, vals)) for vals in itertools.product(*(matrix[k] for k in keys))]
    return [c for c in combos if not any(all(c.get(k) == v for k, v in ex.items()) for ex in exclude)]


def main() -> int:
    src = Path(sys.argv[1] if len(sys.argv) > 1 else "ci/matrix.txt")
    matrix = load(src)
    exclude = [{"os": "windows-latest", "python": "3.9"}]
    include = expand(matrix, exclude)
    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "matrix.json").write_text(json.dumps({"include": include}, indent=2))
    print(f"{len(include)} jobs -> out/matrix.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
