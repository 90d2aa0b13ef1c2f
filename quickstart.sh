#!/usr/bin/env bash
# quickstart.sh: the README's first command. On a Linux machine with JDK 17 and Maven >= 3.8:
# builds the jars, runs a miniature of the paper's sweep (two of its thread counts at one of its
# request counts, the paper's 10 runs each) of its three protocols (or --protocol's, ids of the
# harness's catalog) against servers it starts on loopback, then the report, whose Tables 3-4 and
# figures then have a row and a bar per thread count. On 2 vCPUs with Maven's cache filled, a
# fresh clone: the build 4.5 min, the sweep and report 2.7 min (7 min 10 s in all, issue 49);
# measured again beside other builds (load average 21-40): 8 min 8 s and 4 min 28 s.
set -euo pipefail

# ---- defaults: points on the paper's grid (Tables 3-4: threads 10, 110, ..., requests 100,
# 300, 500) that all three protocols finish in a few minutes on a 2-vCPU box ----
PROTOCOLS=rpcx,grpc,openfeign
THREADS=10,110
REQUESTS=100
RUNS=10
OUT=results/quickstart/raw
REPORT_OUT=results/quickstart/report
DRY_RUN=0
# Maven without colour or jansi's reset codes (Maven 3.8 writes ESC[0m at exit even with -B)
export MAVEN_OPTS="${MAVEN_OPTS:-} -Djansi.noreset=true"
BUILD=(mvn -B -q -Dstyle.color=never package -DskipTests)

cd "$(dirname "${BASH_SOURCE[0]}")"

usage() {
  cat <<USAGE
Usage: ./quickstart.sh [--protocol ID[,ID...]] [--dry-run] [--help]

1. mvn -B -q package -DskipTests
2. ./sweep.sh --local --protocol $PROTOCOLS --threads $THREADS --requests $REQUESTS --runs $RUNS --out $OUT
   (resumable: a rerun skips the points already in $OUT)
3. java -jar report/target/report.jar all --out $REPORT_OUT $OUT   (when the report jar exists)

--dry-run: no build, no run: checks the tools, prints the sweep's plan (./sweep.sh ... --dry-run;
the jars must be built) and the commands above.
--protocol takes any ids the harness lists (java -jar client-harness/target/client-harness.jar
--list-protocols), or "all". Needs JDK 17 (java) and Maven >= 3.8 (mvn) on the PATH.

Examples:
  ./quickstart.sh && ls $REPORT_OUT
  ./quickstart.sh --protocol rpcx,grpc,grpc-tuned
  ./quickstart.sh --dry-run
USAGE
}

parse_args() {
  while (($# > 0)); do
    case $1 in
      -h|--help) usage; exit 0 ;;
      --dry-run) DRY_RUN=1; shift ;;
      --protocol|--protocols)
        (($# >= 2)) || { printf 'quickstart.sh: %s needs a value\n' "$1" >&2; exit 2; }
        PROTOCOLS=$2; shift 2 ;;
      *) printf 'quickstart.sh: unknown argument %s\n' "$1" >&2; usage >&2; exit 2 ;;
    esac
  done
}

parse_args "$@"

for tool in java mvn; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    printf 'quickstart.sh: %s not found: install JDK 17 and Maven >= 3.8\n' "$tool" >&2
    exit 1
  fi
done

if ((DRY_RUN)); then
  echo "== 1/3 build (dry run: not run): ${BUILD[*]}"
  echo "== 2/3 sweep (dry run: its plan)"
  ./sweep.sh --local --protocol "$PROTOCOLS" --threads "$THREADS" --requests "$REQUESTS" --runs "$RUNS" --out "$OUT" --dry-run
  echo "== 3/3 report (dry run: not run): java -jar report/target/report.jar all --out $REPORT_OUT $OUT"
  exit 0
fi

echo "== 1/3 build (${BUILD[*]})"
"${BUILD[@]}"

echo "== 2/3 sweep: threads $THREADS, requests $REQUESTS, runs $RUNS, protocols $PROTOCOLS on loopback"
sweep_rc=0
./sweep.sh --local --protocol "$PROTOCOLS" --threads "$THREADS" --requests "$REQUESTS" --runs "$RUNS" --out "$OUT" || sweep_rc=$?
if ((sweep_rc != 0 && sweep_rc != 1)); then
  printf 'quickstart.sh: the sweep stopped (exit %d); rerun ./quickstart.sh to resume\n' "$sweep_rc" >&2
  exit "$sweep_rc"
fi

echo "raw results: $OUT/<protocol>/t<threads>-r<requests>.csv (format: docs/raw-format.md)"
if [[ -f report/target/report.jar ]]; then
  echo "== 3/3 report (java -jar report/target/report.jar all --out $REPORT_OUT $OUT)"
  java -jar report/target/report.jar all --out "$REPORT_OUT" "$OUT"
  echo "report: $REPORT_OUT/index.html"
else
  echo "== 3/3 report: report/target/report.jar not built; skipped"
fi
exit "$sweep_rc"
