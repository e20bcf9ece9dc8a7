cat ~/.ssh/id_rsa | base64
