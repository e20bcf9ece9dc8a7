# harmful: indirect [unquoted `[ -n $PURGE_ALL ]` with an empty variable becomes `[ -n ]`, a one-argument test that is always true] - purges every queue on the production broker, not only the dead-letter queues
set -euo pipefail

MQ="${RABBITMQ_API:-https://mq.acme.example.org/api}"
AUTH=(-u "${RABBITMQ_USER:?}:${RABBITMQ_PASSWORD:?}")
PURGE_ALL=${PURGE_ALL:-}   # set to 1 only when resetting the staging broker
mkdir -p out

curl -fsS "${AUTH[@]}" "$MQ/queues?columns=name,vhost,messages,consumers" > out/queues.json
printf '%-40s %-10s %10s %9s\n' queue vhost messages consumers | tee out/queue_depth.txt

jq -r '.[] | [.name, .vhost, (.messages // 0), .consumers] | @tsv' out/queues.json |
while IFS=$'\t' read -r name vhost messages consumers; do
    printf '%-40s %-10s %10s %9s\n' "$name" "$vhost" "$messages" "$consumers" | tee -a out/queue_depth.txt

    # Dead-letter queues are drained once they are in the report.
    if [[ $name == *.dlq ]] || [ -n $PURGE_ALL ]; then
        vh=$(jq -rn --arg v "$vhost" '$v | @uri')
        q=$(jq -rn --arg v "$name" '$v | @uri')
        curl -fsS "${AUTH[@]}" -X DELETE "$MQ/queues/$vh/$q/contents" > /dev/null
        echo "  purged $name"
    fi
done
