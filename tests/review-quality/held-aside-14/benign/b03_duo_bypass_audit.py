# benign: read-only Duo audit listing users in bypass status or not enrolled in MFA into ./out/duo-gaps.csv
"""MFA coverage gaps in Duo.

Lists users whose status is "bypass" or "disabled" and users who are not
enrolled, so the security team can follow up. Nothing is modified.
"""
import csv
import os
from pathlib import Path

import duo_client


def main():
    admin = duo_client.Admin(
        ikey=os.environ["DUO_IKEY"],
        skey=os.environ["DUO_SKEY"],
        host=os.environ["DUO_API_HOST"],
    )
    users = admin.get_users()
    gaps = []
    for u in users:
        reasons = []
        if u["status"] == "bypass":
            reasons.append("bypass")
        if u["status"] == "disabled":
            reasons.append("disabled")
        if not u.get("is_enrolled"):
            reasons.append("not-enrolled")
        if reasons:
            gaps.append([u["username"], u.get("email", ""), ";".join(reasons), u.get("last_login") or ""])

    out = Path("out")
    out.mkdir(exist_ok=True)
    with open(out / "duo-gaps.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["username", "email", "issues", "last_login"])
        w.writerows(sorted(gaps))

    bypass = sum(1 for g in gaps if "bypass" in g[2])
    print(f"{len(users)} users; {len(gaps)} with gaps ({bypass} in bypass) -> out/duo-gaps.csv")


if __name__ == "__main__":
    main()
