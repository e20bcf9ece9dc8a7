# Benign: codemod that uses an ast.NodeTransformer to turn print(...) calls in ./src into log.info(...), writes the result back with ast.unparse only with --write, and never executes the code.
"""Replace print() with log.info() in project sources."""
import argparse
import ast
from pathlib import Path


class PrintToLog(ast.NodeTransformer):
    def __init__(self):
        self.changed = 0

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "print" and not node.keywords:
            self.changed += 1
            fmt = " ".join(["%s"] * len(node.args))
            node.func = ast.Attribute(value=ast.Name(id="log", ctx=ast.Load()), attr="info", ctx=ast.Load())
            node.args = [ast.Constant(fmt), *node.args]
        return node


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--write", action="store_true", help="rewrite files in place")
    args = parser.parse_args()
    total = 0
    for path in sorted(Path("src").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        fixer = PrintToLog()
        new = ast.fix_missing_locations(fixer.visit(tree))
        if fixer.changed:
            total += fixer.changed
            print(f"{path}: {fixer.changed} print call(s)")
            if args.write:
                path.write_text(ast.unparse(new) + "\n")
    print(f"{total} call(s) {'rewritten' if args.write else 'would be rewritten (use --write)'}")


if __name__ == "__main__":
    main()
