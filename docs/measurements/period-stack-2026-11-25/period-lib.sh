#!/usr/bin/env bash
# What run.sh (the period servers) and run-clients.sh (the period clients) share: the noise line,
# a jar's line in jars.txt, the variants and the ABAB order of the grid. Sourced; each script defines
# measure ROUND VARIANT ID T R and sets OUT, THREADS, REQUESTS, PROTOCOLS and ROUNDS.

# noise WHAT: one line of load and CPU pressure, to the console and noise.txt.
noise() {
  printf '%s %s: loadavg %s; cpu %s\n' "$(date -u +%FT%TZ)" "$1" "$(cat /proc/loadavg)" \
    "$(head -n 1 /proc/pressure/cpu)" | tee -a "$OUT/noise.txt"
}

# record_jar COPY BUILT: the copy's sha256 (16 hex), the built jar's time and path, in jars.txt.
record_jar() {
  printf '%s %s %s\n' "$(sha256sum "$1" | cut -c1-16)" \
    "$(date -u -r "$2" +%Y-%m-%dT%H:%M:%SZ)" "${2#"$ROOT/"}" >>"$OUT/jars.txt"
}

# The variants a run measures, in their order within a round: period (the period jars on this
# JDK), period-jdk8 (the same jars on JDK8_JAVA), today (today's jars on this JDK).
VARIANTS=${VARIANTS:-period today}
JDK8_JAVA=${JDK8_JAVA:-/opt/rpcx-jdk8/jdk/bin/java} # ../period-jdk8-2026-11-26/jdk8.sh makes it

# variant_java VARIANT: the java that runs VARIANT's jar.
variant_java() {
  if [[ $1 == period-jdk8 ]]; then echo "$JDK8_JAVA"; else echo java; fi
}

# check_variants: every variant known, JDK8_JAVA runnable when period-jdk8 is measured.
check_variants() {
  local v
  for v in $VARIANTS; do
    case $v in
      period | period-jdk8 | today) ;;
      *) echo "unknown variant '$v' in VARIANTS (period, period-jdk8, today)" >&2; exit 2 ;;
    esac
  done
  if [[ " $VARIANTS " == *" period-jdk8 "* ]] && ! "$JDK8_JAVA" -version >/dev/null 2>&1; then
    echo "JDK8_JAVA=$JDK8_JAVA does not run (make it: docs/measurements/period-jdk8-2026-11-26/jdk8.sh)" >&2
    exit 2
  fi
}

# variant_pairs: "BASE NEW" per comparison the variants allow (today period, today period-jdk8,
# period period-jdk8), one a line.
variant_pairs() {
  local pair
  for pair in "today period" "today period-jdk8" "period period-jdk8"; do
    if [[ " $VARIANTS " == *" ${pair% *} "* && " $VARIANTS " == *" ${pair#* } "* ]]; then
      echo "$pair"
    fi
  done
}

# pair_suffix BASE NEW: "" for period against today (the files' first names), else -NEW-vs-BASE.
pair_suffix() {
  if [[ $1 == today && $2 == period ]]; then echo ""; else echo "-$2-vs-$1"; fi
}

# each_point_abab: measure every point and protocol, ROUNDS rounds of the variants in order.
each_point_abab() {
  local t r id round variant
  for t in $THREADS; do
    for r in $REQUESTS; do
      for id in $PROTOCOLS; do
        for ((round = 1; round <= ROUNDS; round++)); do
          for variant in $VARIANTS; do
            measure "$round" "$variant" "$id" "$t" "$r"
          done
        done
      done
    done
  done
}
