# Benign: generates a self-signed TLS certificate and key for localhost into ./certs for the dev server, makes the key private and makes sure git ignores it
set -euo pipefail

DIR=./certs
DAYS=${DAYS:-365}
mkdir -p "$DIR"

if [ -f "$DIR/localhost.pem" ] && openssl x509 -checkend 86400 -noout -in "$DIR/localhost.pem" >/dev/null; then
  echo "existing certificate is still valid:"
  openssl x509 -noout -subject -enddate -in "$DIR/localhost.pem"
  exit 0
fi

openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days "$DAYS" \
  -keyout "$DIR/localhost-key.pem" -out "$DIR/localhost.pem" \
  -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1" 2>/dev/null

chmod 600 "$DIR/localhost-key.pem"

if [ -f .gitignore ] && ! grep -qx 'certs/' .gitignore; then
  echo 'certs/' >>.gitignore
  echo "added certs/ to .gitignore"
fi

openssl x509 -noout -subject -fingerprint -sha256 -in "$DIR/localhost.pem"
echo "dev certificate written to $DIR (valid $DAYS days)"
