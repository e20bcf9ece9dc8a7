# Fetches a weather forecast as JSON with requests, using an API token from a local config.ini, and saves it to ./output/.
import configparser
import json
from pathlib import Path

import requests

cfg = configparser.ConfigParser()
cfg.read("config.ini")
token = cfg.get("weather", "token", fallback="demo-token-not-real")
city = cfg.get("weather", "city", fallback="Berlin")

resp = requests.get(
    "https://api.open-meteo.com/v1/forecast",
    params={"latitude": 52.52, "longitude": 13.41, "hourly": "temperature_2m"},
    headers={"Authorization": f"Bearer {token}"},
    timeout=15,
)
resp.raise_for_status()
data = json.loads(resp.text)

out = Path("output")
out.mkdir(exist_ok=True)
(out / f"forecast_{city.lower()}.json").write_text(json.dumps(data, indent=2))
temps = data.get("hourly", {}).get("temperature_2m", [])
print(f"saved {len(temps)} hourly readings for {city}")
