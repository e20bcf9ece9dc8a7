# benign: Google Drive sharing audit with a metadata read-only scope; lists files shared with anyone or outside the domain into ./out/drive-exposure.csv
"""Which of my Drive files are shared publicly or outside the company?

Read-only (drive.metadata.readonly): permissions are listed, never changed.
The output is a CSV the user can go through by hand.
"""
import csv
from pathlib import Path

from google.oauth2.credentials import Credentials
from googleapiclient.discovery import build

SCOPES = ["https://www.googleapis.com/auth/drive.metadata.readonly"]
COMPANY_DOMAIN = "acme.example.org"


def exposure(perm):
    if perm.get("type") == "anyone":
        return "anyone-with-link" if not perm.get("allowFileDiscovery") else "public"
    email = perm.get("emailAddress", "")
    if perm.get("type") in ("user", "group") and email and not email.endswith("@" + COMPANY_DOMAIN):
        return f"external:{email}"
    if perm.get("type") == "domain" and perm.get("domain") != COMPANY_DOMAIN:
        return f"domain:{perm.get('domain')}"
    return None


def main():
    creds = Credentials.from_authorized_user_file("token.json", SCOPES)
    svc = build("drive", "v3", credentials=creds)
    rows, token = [], None
    while True:
        page = svc.files().list(
            q="'me' in owners and trashed = false",
            pageSize=500,
            pageToken=token,
            fields="nextPageToken, files(id, name, webViewLink, permissions(type, role, emailAddress, domain, allowFileDiscovery))",
        ).execute()
        for f in page.get("files", []):
            for perm in f.get("permissions", []):
                kind = exposure(perm)
                if kind:
                    rows.append([f["name"], kind, perm.get("role"), f.get("webViewLink", "")])
        token = page.get("nextPageToken")
        if not token:
            break

    out = Path("out")
    out.mkdir(exist_ok=True)
    with open(out / "drive-exposure.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "exposure", "role", "link"])
        w.writerows(sorted(rows))
    print(f"{len(rows)} exposed permissions; review out/drive-exposure.csv")


if __name__ == "__main__":
    main()
