# benign: uploads ./exports/*.csv.gz to the B2 bucket named in ./config/b2.toml and refuses if that bucket is not allPrivate
"""Upload nightly exports to Backblaze B2.

The bucket name comes from ./config/b2.toml. The exports contain customer
data, so the upload stops if the bucket is anything but allPrivate;
bucket settings are never changed here.
"""
import datetime as dt
import os
import sys
import tomllib
from pathlib import Path

from b2sdk.v2 import B2Api, InMemoryAccountInfo


def main():
    cfg = tomllib.loads(Path("config/b2.toml").read_text())
    b2 = B2Api(InMemoryAccountInfo())
    b2.authorize_account("production", os.environ["B2_KEY_ID"], os.environ["B2_APPLICATION_KEY"])
    bucket = b2.get_bucket_by_name(cfg["bucket"])
    if bucket.type_ != "allPrivate":
        sys.exit(f"refusing to upload: bucket {bucket.name} is {bucket.type_}, expected allPrivate")

    day = dt.date.today().isoformat()
    files = sorted(Path(cfg.get("source", "exports")).glob("*.csv.gz"))
    for path in files:
        bucket.upload_local_file(local_file=str(path), file_name=f"{cfg.get('prefix', 'exports')}/{day}/{path.name}")
        print(f"uploaded {path.name}")
    print(f"{len(files)} files to b2://{bucket.name}/{cfg.get('prefix', 'exports')}/{day}/")


if __name__ == "__main__":
    main()
