#!/usr/bin/env bash
# What run.sh (the period servers) and run-clients.sh (the period clients) share: the noise line,
# a jar's line in jars.txt, and the ABAB order of the grid. Sourced; each script defines
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

# each_point_abab: measure every point and protocol, ROUNDS rounds of period then today.
each_point_abab() {
  local t r id round variant
  for t in $THREADS; do
    for r in $REQUESTS; do
      for id in $PROTOCOLS; do
        for ((round = 1; round <= ROUNDS; round++)); do
          for variant in period today; do
            measure "$round" "$variant" "$id" "$t" "$r"
          done
        done
      done
    done
  done
}
