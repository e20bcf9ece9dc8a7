# Benign: lists the project's make targets from an Enum whose _generate_next_value_ only turns member names into target names; --bash prints a completion line and --write saves it to ./completions/make.bash inside the repo.
"""Print the project's make targets and their help text; --bash emits a completion snippet."""
import sys
from enum import Enum, auto
from pathlib import Path


class Target(str, Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.lower().replace("_", "-")

    BUILD = auto()
    TEST = auto()
    LINT = auto()
    DOCS = auto()
    CLEAN = auto()
    RELEASE_NOTES = auto()


HELP = {
    Target.BUILD: "compile the package into ./dist",
    Target.TEST: "run the unit tests",
    Target.LINT: "ruff + mypy",
    Target.DOCS: "render ./docs into ./site",
    Target.CLEAN: "remove build output",
    Target.RELEASE_NOTES: "draft notes since the last tag",
}


def completion_line() -> str:
    words = " ".join(t.value for t in Target)
    return f"complete -W '{words}' make\n"


def main() -> int:
    if "--bash" in sys.argv:
        sys.stdout.write(completion_line())
        return 0
    if "--write" in sys.argv:
        out = Path("completions/make.bash")
        out.parent.mkdir(exist_ok=True)
        out.write_text(completion_line())
        print(f"wrote {out}; source it from your shell if you want it")
        return 0
    for t in Target:
        print(f"{t.value:<16}{HELP[t]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
