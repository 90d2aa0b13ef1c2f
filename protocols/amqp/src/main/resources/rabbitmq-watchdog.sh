#!/usr/bin/env bash
# One amqp-server JVM's RabbitMQ node: runs rabbitmq-server in the foreground as this script's
# child, and stops it when asked (SIGTERM, SIGINT) or when the JVM that started it is gone, even
# after a SIGKILL that gave the JVM no chance to stop it. Then removes the node's private folder
# and, if this node was the one that started epmd, stops epmd (epmd refuses while other nodes
# live). The JVM writes this file into the node's folder and runs it with bash.
#
# Usage: rabbitmq-watchdog.sh OWNER_PID NODE_DIR KILL_EPMD(0|1) RABBITMQ_SERVER
set -uo pipefail

owner=$1
dir=$2
kill_epmd=$3
server=$4

echo "$$" >"$dir/watchdog.pid"
"$server" &
node=$!

# stop: SIGTERM to rabbitmq-server, whose own trap stops the node gracefully; SIGKILL to it and
# its children if that takes more than 30 s.
stop() {
  trap '' TERM INT
  local i
  if kill -0 "$node" 2>/dev/null; then
    kill -TERM "$node" 2>/dev/null
    for ((i = 0; i < 60; i++)); do
      kill -0 "$node" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$node" 2>/dev/null; then
      pkill -KILL -P "$node" 2>/dev/null
      kill -KILL "$node" 2>/dev/null
    fi
  fi
  wait "$node" 2>/dev/null
  local code=$?
  if [[ $kill_epmd == 1 ]]; then epmd -kill >/dev/null 2>&1; fi
  rm -rf -- "$dir"
  exit "$code"
}
trap stop TERM INT

while kill -0 "$owner" 2>/dev/null && kill -0 "$node" 2>/dev/null; do
  sleep 1 &
  wait $!
done
stop
