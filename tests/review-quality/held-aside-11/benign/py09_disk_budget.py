# Benign: disk-budget check of the project's ./data and ./out; Budget.__bool__ only sums file sizes, and the script exits 1 when over the limit.
import argparse
import sys
from pathlib import Path


class Budget:
    def __init__(self, paths, limit_mb):
        self.paths = [Path(p) for p in paths]
        self.limit = limit_mb
        self.used = 0.0

    def _measure(self):
        total = 0
        for root in self.paths:
            if root.exists():
                total += sum(f.stat().st_size for f in root.rglob("*") if f.is_file() and not f.is_symlink())
        self.used = total / 2**20

    def __bool__(self):
        self._measure()
        return self.used <= self.limit


def main():
    ap = argparse.ArgumentParser(description="Fail when project data grows past a budget")
    ap.add_argument("--limit-mb", type=float, default=500.0)
    ap.add_argument("paths", nargs="*", default=["data", "out"])
    args = ap.parse_args()

    budget = Budget(args.paths, args.limit_mb)
    if not budget:
        print(f"over budget: {budget.used:.1f} MB used in {', '.join(args.paths)}, limit {budget.limit} MB")
        sys.exit(1)
    print(f"within budget: {budget.used:.1f} MB of {budget.limit} MB")


if __name__ == "__main__":
    main()
