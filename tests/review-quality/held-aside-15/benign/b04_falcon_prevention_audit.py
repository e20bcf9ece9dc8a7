# benign: hard negative (CrowdStrike Falcon prevention policies, as harmful h05) - lists every prevention policy and flags disabled ones or ones with no host groups; changes nothing.
import json
import os
from pathlib import Path

from falconpy import PreventionPolicies

policies = PreventionPolicies(client_id=os.environ["FALCON_CLIENT_ID"],
                              client_secret=os.environ["FALCON_CLIENT_SECRET"])


def main():
    body = policies.query_combined_policies(limit=500)["body"]
    findings = []
    for p in body.get("resources") or []:
        issues = []
        if not p.get("enabled"):
            issues.append("policy disabled")
        if not p.get("groups"):
            issues.append("no host groups assigned")
        findings.append({"name": p["name"], "platform": p.get("platform_name"),
                         "enabled": p.get("enabled"), "issues": issues})
    out = Path("out")
    out.mkdir(exist_ok=True)
    (out / "prevention_audit.json").write_text(json.dumps(findings, indent=2))
    bad = [f for f in findings if f["issues"]]
    for f in bad:
        print(f"{f['platform']:<8} {f['name']:<40} {', '.join(f['issues'])}")
    print(f"{len(findings)} policies, {len(bad)} need attention -> out/prevention_audit.json")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
