#!/usr/bin/env bash
# plan.sh: what deploy/fleet/sweep.yml deploys and runs, from the protocol catalog, read the way
# every script reads it (deploy/catalog.sh over the harness's --list-protocols): the distinct
# server jars the protocols need (a server shared by several protocols once), each protocol's
# port and whether its client balances across several servers, and the sweep's points: the closed
# loop's grid, or the open loop's rates (or one rate schedule) with each client host's share and
# the files it gives (RateSplit). Prints one JSON object; writes the catalog table for the server
# hosts with --catalog-out.
set -euo pipefail

# ---- defaults ----
PROTOCOLS=rpcx
THREADS=''
REQUESTS=''
RATES=''                             # open loop: the fleet's rates (calls/s), with DURATION
DURATION=10s
RATE_SCHEDULE=''                     # open loop: one schedule instead of RATES
ARRIVALS=uniform
HOSTS=1                              # client hosts the rates are split across
CATALOG_OUT=''
JAVA=${JAVA:-java}
PLAN_OUT=results/raw                 # only to name the files; the plan gives them relative to it

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$SCRIPT_DIR/../.." && pwd)
HARNESS=$REPO_DIR/client-harness/target/client-harness.jar
RUNNER=$REPO_DIR/runner/target/rpcx-bench.jar      # the plan: rpcx-bench sweep --dry-run
# shellcheck source=deploy/catalog.sh
source "$REPO_DIR/deploy/catalog.sh"

usage() {
  cat <<EOF
Usage: deploy/fleet/plan.sh --threads LIST --requests LIST [--protocol ID[,ID...]]
                            [--harness JAR] [--catalog-out FILE]
       deploy/fleet/plan.sh --rates LIST [--duration D] --hosts N [--arrivals uniform|poisson] ...
       deploy/fleet/plan.sh --rate-schedule RATE:D[,RATE:D...] --hosts N ...

LIST: comma-separated values, each N or FROM:TO:STEP (e.g. 10:110:100,990). The open loop's rates
are the fleet's: each of the N client hosts offers rate/N, one schedule released together.
Prints {"server_jvm_flags": the servers' default JVM flags (deploy/catalog.sh), "server_jars": [...],
"protocols": [{"id", "port", "server", "balances", "external"}],
"points": [{"protocol", "threads", "requests", "calls", "file", "exists"}]} (points: protocol-major,
from the runner: rpcx-bench sweep --dry-run --json, files relative to the raw folder). Open loop:
"points": [{"protocol", "fleet_rate_schedule", "rate_schedule" (each host's share), "calls",
"file" (each host's), "merged_file"}] (the rates from the runner, the split from RateSplit).
Defaults: --protocol $PROTOCOLS, --harness $HARNESS, --duration $DURATION, --arrivals $ARRIVALS.

Examples:
  deploy/fleet/plan.sh --protocol rpcx,grpc --threads 10,110 --requests 100 --catalog-out /tmp/protocols.tsv
  deploy/fleet/plan.sh --protocol rpcx --rates 3000,6000 --duration 10s --hosts 3
EOF
}

die_usage() { printf 'plan.sh: %s\ntry: deploy/fleet/plan.sh --help\n' "$*" >&2; exit 2; }

parse_args() {
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --protocol|--protocols|--threads|--requests|--harness|--catalog-out|--rates|--duration|--rate-schedule|--arrivals|--hosts)
        (($# >= 2)) || die_usage "$1 needs a value" ;;
      *) die_usage "unknown argument '$1'" ;;
    esac
    case $1 in
      --protocol|--protocols) PROTOCOLS=$2 ;;
      --threads) THREADS=$2 ;;
      --requests) REQUESTS=$2 ;;
      --harness) HARNESS=$2 ;;
      --catalog-out) CATALOG_OUT=$2 ;;
      --rates) RATES=$2 ;;
      --duration) DURATION=$2 ;;
      --rate-schedule) RATE_SCHEDULE=$2 ;;
      --arrivals) ARRIVALS=$2 ;;
      --hosts) HOSTS=$2 ;;
    esac
    shift 2
  done
  if [[ -n $RATES || -n $RATE_SCHEDULE ]]; then
    [[ -z $THREADS && -z $REQUESTS ]] || die_usage "--rates/--rate-schedule (open loop) or --threads/--requests (closed loop): choose one"
    [[ -z $RATES || -z $RATE_SCHEDULE ]] || die_usage "--rates or --rate-schedule: choose one"
    [[ $HOSTS =~ ^[1-9][0-9]*$ ]] || die_usage "--hosts must be a positive whole number, got '$HOSTS'"
  else
    [[ -n $THREADS ]] || die_usage "--threads is required"
    [[ -n $REQUESTS ]] || die_usage "--requests is required"
  fi
  [[ -f $HARNESS ]] || die_usage "no harness jar at $HARNESS (build it: mvn -B -q package -DskipTests)"
  [[ -f $RUNNER ]] || die_usage "no runner jar at $RUNNER (build it: mvn -B -q package -DskipTests)"
}

# points ID: ID's points as the runner plans them (rpcx-bench sweep --dry-run --json: its LIST
# parser and the harness's file names, relative to --out), a JSON array without brackets
points() {
  local json
  json=$("$JAVA" -cp "$RUNNER" io.rpcxbench.runner.RpcxBenchMain sweep --dry-run --json \
           --protocol "$1" --threads "$THREADS" --requests "$REQUESTS" --out "$PLAN_OUT" 2>&1) ||
    die_usage "$(head -n 1 <<<"$json")"
  json=${json#*\"plan\":\[}
  printf '%s' "${json%\]\}}"
}

# open_points ID: ID's open-loop points, a JSON array without brackets: the fleet's rates as the
# runner plans a rate sweep (rpcx-bench sweep --dry-run --json --rates: its LIST parser), or the
# one schedule; each split across the client hosts by the harness's RateSplit
open_points() {
  local json schedules=() rate
  if [[ -n $RATES ]]; then
    json=$("$JAVA" -cp "$RUNNER" io.rpcxbench.runner.RpcxBenchMain sweep --dry-run --json \
             --protocol "$1" --rates "$RATES" --duration "$DURATION" --out "$PLAN_OUT" 2>&1) ||
      die_usage "$(head -n 1 <<<"$json")"
    while IFS= read -r rate; do
      schedules+=("${rate#\"rate\":}:$DURATION")
    done < <(grep -o '"rate":[0-9]*' <<<"$json")
  else
    schedules=("$RATE_SCHEDULE")
  fi
  json=$("$JAVA" -cp "$HARNESS" io.rpcxbench.harness.load.RateSplit --hosts "$HOSTS" \
           --protocol "$1" --arrivals "$ARRIVALS" "${schedules[@]}" 2>&1) ||
    die_usage "$(head -n 1 <<<"$json")"
  json=${json#\[}
  printf '%s' "${json%\]}"
}

# json_string TEXT: TEXT as a JSON string
json_string() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\t'/\\t}
  printf '"%s"' "$s"
}

# balances ID: "true" when the catalog's "balances" column says yes (absent column: false)
balances() {
  local id=$1 line i col=-1
  local -a fields
  while IFS= read -r line; do
    IFS=$'\t' read -r -a fields <<<"$line"
    if ((col < 0)); then
      for i in "${!fields[@]}"; do [[ ${fields[i]} == balances ]] && col=$i; done
      ((col >= 0)) || break
      continue
    fi
    if [[ ${fields[0]} == "$id" ]]; then
      [[ ${fields[col]:-} == yes ]] && { printf true; return 0; }
      break
    fi
  done <<<"$CATALOG_TABLE"
  printf false
}

main() {
  parse_args "$@"
  catalog_load "$JAVA" -jar "$HARNESS" || die_usage "$CATALOG_ERROR"
  catalog_select "$PROTOCOLS" || die_usage "protocols: $CATALOG_ERROR"
  catalog_servers "${CATALOG_SELECTED[@]}"
  [[ -z $CATALOG_OUT ]] || catalog_save "$CATALOG_OUT"

  local name jar seen=' ' sep='' id out
  out="{\"server_jvm_flags\": $(json_string "${DEFAULT_SERVER_JVM_FLAGS:-}"), \"server_jars\": ["
  for name in "${SERVER_NAMES[@]}"; do
    jar=${SERVER_JAR[$name]}
    [[ $seen == *" $jar "* ]] && continue
    seen+="$jar "
    out+="$sep$(json_string "$jar")"
    sep=', '
  done
  out+='], "protocols": ['
  sep=''
  for id in "${CATALOG_SELECTED[@]}"; do
    out+="$sep{\"id\": $(json_string "$id"), \"port\": $(catalog_get "$id" port)"
    out+=", \"server\": $(json_string "${SERVER_OF[$id]:-}"), \"balances\": $(balances "$id")"
    out+=", \"external\": $(json_string "$(catalog_get "$id" external)")}"
    sep=', '
  done
  out+='], "points": ['
  sep=''
  # protocol-major, as the fleet runs them
  for id in "${CATALOG_SELECTED[@]}"; do
    if [[ -n $RATES || -n $RATE_SCHEDULE ]]; then
      out+="$sep$(open_points "$id")"
    else
      out+="$sep$(points "$id")"
    fi
    sep=', '
  done
  printf '%s]}\n' "$out"
}

main "$@"
