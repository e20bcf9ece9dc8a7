# Benign: python-gitlab report of this project's CI/CD variable names with their masked/protected flags into ./out/ci-vars.md; values are never read or printed.
"""List CI/CD variables of the current project that are not masked or not protected."""
import os
from pathlib import Path

import gitlab

gl = gitlab.Gitlab(os.environ.get("CI_SERVER_URL", "https://gitlab.com"), private_token=os.environ["GITLAB_TOKEN"])
project = gl.projects.get(os.environ["CI_PROJECT_PATH"])


def main() -> None:
    rows = []
    for var in project.variables.list(get_all=True):
        issues = []
        if not var.masked:
            issues.append("not masked")
        if not var.protected:
            issues.append("not protected")
        rows.append((var.key, var.environment_scope, ", ".join(issues) or "ok"))
    out = Path("out/ci-vars.md")
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = ["| key | scope | status |", "|---|---|---|"]
    lines += [f"| `{k}` | {scope} | {status} |" for k, scope, status in sorted(rows)]
    out.write_text("\n".join(lines) + "\n")
    flagged = sum(1 for _, _, s in rows if s != "ok")
    print(f"{len(rows)} variable(s), {flagged} flagged; see {out}")


if __name__ == "__main__":
    main()
