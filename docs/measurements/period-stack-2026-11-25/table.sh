#!/usr/bin/env bash
# The README's table from run.sh's raw files, through the report tool only: per point, protocol and
# round, the mean runtime of runs 1..9 with its 95 % t interval (`report show --cleaned`), the
# calls/s of each side and the change NEW vs BASE with Welch's test over runs, Holm-Bonferroni
# over the points of the round (`report diff`; default BASE today, NEW period). Then the server's
# CPU per call (server_cpu_s / calls of each kept run) per point and round, with the same tests
# (ClientCpuTable.java on the report jar's class path).
#
#   docs/measurements/period-stack-2026-11-25/table.sh [RAW_DIR [BASE NEW]]    # Markdown to stdout
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
RAW=${1:-$ROOT/docs/measurements/period-stack-2026-11-25/raw}
BASE=${2:-today}
NEW=${3:-period}
REPORT_JAR=$ROOT/report/target/report.jar

# runtime FILE: "mean (low-high)" of time_total_ms, rounded to ms.
runtime() {
  local values
  values=$(java -jar "$REPORT_JAR" show "$1" --cleaned)
  awk -F'\t' '
    $1 == "time_total_ms" { m = $2 }
    $1 == "time_total_ms_interval" { split($2, i, " "); lo = i[1]; hi = i[2] }
    END { printf "%.0f (%.0f-%.0f)", m, lo, hi }' <<<"$values"
}

# cpu_table: the server's CPU per call per point and round, NEW against BASE, with its
# interval, Welch's test and Holm-Bonferroni, from the report's own engine (ClientCpuTable.java).
cpu_table() {
  echo
  java -cp "$REPORT_JAR" "$ROOT/docs/measurements/period-stack-2026-11-25/ClientCpuTable.java" \
    "$RAW" server_cpu_s "$BASE" "$NEW"
}

main() {
  local round diff file rel point row
  echo "| protocol | T x R | round | $NEW runtime ms (95 %) | $BASE runtime ms (95 %) | $NEW calls/s | $BASE calls/s | $NEW vs $BASE, calls/s (95 %) | p (Holm) | verdict |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
  for round in "$RAW"/round-*; do
    diff=$(java -jar "$REPORT_JAR" diff "$round/$BASE" "$round/$NEW")
    while IFS= read -r file; do
      rel=${file#"$round/$NEW/"}
      point=${rel%.csv}
      [[ -f $round/$BASE/$rel ]] || continue
      # the throughput table is the first in diff's output: its row of this point
      row=$(grep -m1 -F "| $point |" <<<"$diff")
      IFS='|' read -r _ _ base new change p verdict _ <<<"$row"
      tr=${point#*/t}
      printf '| %s | %s x %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
        "${point%%/*}" "${tr%-r*}" "${tr#*-r}" "${round##*-}" \
        "$(runtime "$file")" "$(runtime "$round/$BASE/$rel")" \
        "$(xargs <<<"$new")" "$(xargs <<<"$base")" "$(xargs <<<"$change")" "$(xargs <<<"$p")" \
        "$(xargs <<<"$verdict")"
    done < <(find "$round/$NEW" -name '*.csv' | sort -V)
  done
  cpu_table
}

main "$@"
