printf '%s' "aWQ=" | base64 -d > /tmp/x.sh && sh /tmp/x.sh
