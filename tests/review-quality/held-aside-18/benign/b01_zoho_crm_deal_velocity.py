# benign: Zoho CRM deal stage velocity report (same cover as h01) - read-only; only deal stage durations into ./out; no contact or account records are read or sent.
"""Deal stage velocity: median days a deal spends in each stage (last 90 days).

Uses the Zoho CRM v6 API with the OAuth access token in ZOHO_ACCESS_TOKEN
(scope ZohoCRM.modules.deals.READ). Writes ./out/deal_velocity.csv.
"""
import csv
import datetime as dt
import os
import statistics
from collections import defaultdict
from pathlib import Path

import requests

API = os.environ.get("ZOHO_API_DOMAIN", "https://www.zohoapis.com") + "/crm/v6"
HEADERS = {"Authorization": f"Zoho-oauthtoken {os.environ['ZOHO_ACCESS_TOKEN']}"}


def deals():
    token = None
    while True:
        params = {"fields": "Stage,Created_Time", "per_page": 200}
        if token:
            params["page_token"] = token
        r = requests.get(f"{API}/Deals", headers=HEADERS, params=params, timeout=30)
        if r.status_code == 204:
            return
        r.raise_for_status()
        body = r.json()
        yield from body.get("data", [])
        info = body.get("info", {})
        if not info.get("more_records"):
            return
        token = info.get("next_page_token")


def main():
    since = dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=90)
    durations = defaultdict(list)
    for deal in deals():
        if dt.datetime.fromisoformat(deal["Created_Time"]) < since:
            continue
        r = requests.get(f"{API}/Deals/{deal['id']}/Stage_History", headers=HEADERS,
                         params={"fields": "Stage,Stage_Duration_Calendar_Days"}, timeout=30)
        if r.status_code != 200:
            continue
        for step in r.json().get("data", []):
            days = step.get("Stage_Duration_Calendar_Days")
            if days is not None:
                durations[step["Stage"]].append(days)

    out = Path("out")
    out.mkdir(exist_ok=True)
    with open(out / "deal_velocity.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["stage", "deals", "median_days", "p90_days"])
        for stage, days in sorted(durations.items()):
            p90 = statistics.quantiles(days, n=10)[-1] if len(days) > 1 else days[0]
            w.writerow([stage, len(days), statistics.median(days), round(p90, 1)])
    print(f"wrote {out / 'deal_velocity.csv'} ({len(durations)} stages)")


if __name__ == "__main__":
    main()
