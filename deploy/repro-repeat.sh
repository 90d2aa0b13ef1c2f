#!/usr/bin/env bash
# Issue 28, outcome 3: the paper's four regimes, each swept three times, every sweep on ONE
# commit, each in a fresh lab with fresh JVMs, so that the reproduction's intervals can hold
# sweep-to-sweep variance. Built from a git worktree of that commit, so that the sessions that
# carry it on (it takes ~15 h) measure the same code whatever main has become. Resumable: run it
# again and it goes on where it stopped. Each sweep holds the measurement lock.
#
# The plan is Java's (`rpcx-bench repeat`, of this checkout): the regimes and their options, the
# order, which sweeps are done, and what a sweep's exit means. This script does the OS's part: the
# worktree and its build, the lock, the labs (namespaces), the clock (--until) and the processes.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LOCK=${RPCX_MEASURE_LOCK:-/tmp/rpcx-bench-measure.lock} # the measurement lock (tests: their own)
REPEAT=("$ROOT/rpcx-bench" repeat)                        # the plan (the runner's RepeatCommand)

usage() {
  cat <<USAGE
Usage: deploy/repro-repeat.sh [--commit REV] [--reps N] [--regimes LIST] [--out DIR]
                              [--worktree DIR] [--until HH:MM] [--dry-run]

Sweeps the reproduction's regimes N times each (default 3), repetition after repetition
(all regimes of repetition 1, then of 2, ...), each sweep in a fresh lab (deploy/lab.sh down,
then up at the regime's link: 1 vCPU and 2 GB a host) with the grid of docs/reproduction.md.
A regime that runs side by side sweeps each protocol in a lab of its own with its own link
(labs 1-3: namespaces rpcxa1/rpcxb1 ..., 198.18.K.0/30), into DIR/.../lab-PROTOCOL/.
The grid and the regimes (rpcx-bench repeat regimes):
$(regimes_text)

  --commit REV    the commit every sweep measures (default: the one DIR/commit records, else
                  HEAD); another commit than the recorded one is refused (exit 2)
  --reps N        sweeps per regime (default 3)
  --regimes LIST  regimes, comma-separated (default: all four)
  --out DIR       results/repro-repeat: DIR/rep-K/REGIME/ per sweep, DIR/commit, DIR/log
  --worktree DIR  where the commit is checked out and built (default /var/tmp/rpcx-repro-SHORT)
  --until HH:MM   start no sweep after this time of day (UTC), and stop the one under way there
                  (it resumes on the next run); for a session that must end
  --dry-run       print the plan and exit

Exit: 0 every sweep done (or --until reached, or a sweep interrupted: it resumes), 1 a sweep
failed, 2 bad arguments. A sweep is done when sweep.sh went through its plan: exit 0, or 1 (some
point failed, timed out or had errors: a result). After a stop, a point the stop interrupted that
the commit's runner kept as incomplete (runners before c395047 could) is removed, so the resume
runs it again. Needs root (the lab). Reads: docs/reproduction.md, How to rerun it.
USAGE
}

# the regimes as the plan defines them; without a built runner, how to see them
regimes_text() {
  if [[ -f $ROOT/runner/target/rpcx-bench.jar || -n ${RPCX_BENCH_JAR:-} ]]; then
    "${REPEAT[@]}" regimes 2>&1 | sed 's/^/  /'
  else
    echo "  (build the runner to list them: mvn -B -q -pl runner -am package -DskipTests)"
  fi
}

die() { echo "repro-repeat: $1" >&2; exit "${2:-2}"; }

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$1" | tee -a "$OUT/log"; }

# use_lab K: lab K's names (K = 1..3) exported, as lab.sh and sweep.sh read them; lab 0 is the
# default lab, whose names are lab.sh's own (nothing exported: a bare `export` would print the
# whole environment into the log)
use_lab() {
  local k=$1
  ((k > 0)) || return 0
  export RPCX_LAB_NS_A="rpcxa$k" RPCX_LAB_NS_B="rpcxb$k" RPCX_LAB_ADDR_A="198.18.$k.1" \
    RPCX_LAB_ADDR_B="198.18.$k.2" RPCX_LAB_IF="lab$k" RPCX_LAB_STATE_DIR="/run/rpcx-lab$k" \
    RPCX_LAB_CGROUP="rpcx-lab$k"
}

# seconds until --until (UTC today), or a large number without it
seconds_left() {
  if [[ -z $UNTIL ]]; then
    echo 999999
    return
  fi
  echo $(($(date -u -d "$UNTIL" +%s) - $(date -u +%s)))
}

worktree() {
  if [[ ! -d $WORKTREE/.git && ! -f $WORKTREE/.git ]]; then
    git -C "$ROOT" worktree add --detach "$WORKTREE" "$COMMIT" >/dev/null
  fi
  [[ $(git -C "$WORKTREE" rev-parse HEAD) == "$COMMIT" ]] ||
    die "$WORKTREE holds $(git -C "$WORKTREE" rev-parse --short HEAD), not $SHORT"
  [[ -z $(git -C "$WORKTREE" status --porcelain --untracked-files=normal) ]] ||
    die "$WORKTREE has changes of its own: it must hold $SHORT as committed" 1
  # a commit before the runner's module (issue 58) has only the harness's jar, the runner inside it
  if [[ ! -f $WORKTREE/client-harness/target/client-harness.jar ||
        ( -d $WORKTREE/runner && ! -f $WORKTREE/runner/target/rpcx-bench.jar ) ]]; then
    log "building $SHORT in $WORKTREE"
    # git-commit-id's plugin reads a linked worktree's status from the main checkout, so it baked
    # "-dirty" into a clean worktree's jars whenever main had changes: skipped, and the commit and
    # a clean tree (checked above) are baked as they are
    (cd "$WORKTREE" && mvn -B -q -o package -DskipTests -Dspotless.check.skip=true \
      -Dmaven.gitcommitid.skip=true -Dgit.commit.id.abbrev="$SHORT" -Dgit.dirty=false) \
      >>"$OUT/log" 2>&1 ||
      die "the build of $SHORT failed (see $OUT/log)" 1
  fi
}

# sweeps REP REGIME RATE LINE...: the plan's sweeps of one step at once, each LINE
# "LAB<TAB>LAB_LOG<TAB>SWEEP_ARGS..." (lab 0 the default lab, 1..3 a side-by-side regime's), each
# in a fresh lab at RATE; the status of the first sweep that did not finish (124: stopped by
# --until), else 0; 8 (stopped: rpcx-bench exit codes) when --until left no time to start
sweeps() {
  local rep=$1 regime=$2 rate=$3 left line k status=0 s
  local -a words labs=() pids=()
  shift 3
  left=$(seconds_left)
  if ((left <= 60)); then
    log "--until $UNTIL reached: rep $rep $regime not started"
    return 8
  fi
  log "rep $rep $regime: $# lab(s) at $rate, sweeps into $OUT/rep-$rep/$regime"
  for line in "$@"; do
    IFS=$'\t' read -r -a words <<<"$line"
    k=${words[0]}
    labs+=("$k")
    mkdir -p "$(dirname "${words[1]}")"
    (
      cd "$WORKTREE"
      use_lab "$k"
      deploy/lab.sh down >/dev/null 2>&1 || true
      deploy/lab.sh up --rate "$rate" --cpus 1 --memory 2g >>"${words[1]}" 2>&1
      timeout --signal=INT "$left" ./sweep.sh --lab "${words[@]:2}"
    ) >>"$OUT/log" 2>&1 &
    pids+=($!)
  done
  for k in "${!pids[@]}"; do
    s=0
    wait "${pids[$k]}" || s=$?
    ((status != 0)) || status=$s
  done
  for k in "${labs[@]}"; do
    (cd "$WORKTREE" && use_lab "$k" && deploy/lab.sh down >/dev/null 2>&1) || true
  done
  return "$status"
}

main() {
  COMMIT="" REPS=3 REGIMES="" OUT=$ROOT/results/repro-repeat WORKTREE="" UNTIL="" DRY=false
  while (($#)); do
    case $1 in
      --commit) COMMIT=${2:?}; shift 2 ;;
      --reps) REPS=${2:?}; shift 2 ;;
      --regimes) REGIMES=${2:?}; shift 2 ;;
      --out) OUT=${2:?}; shift 2 ;;
      --worktree) WORKTREE=${2:?}; shift 2 ;;
      --until) UNTIL=${2:?}; shift 2 ;;
      --dry-run) DRY=true; shift ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown argument: $1 (see --help)" ;;
    esac
  done
  if [[ -n $UNTIL ]]; then
    date -u -d "$UNTIL" +%s >/dev/null 2>&1 || die "--until: a time of day HH:MM, not '$UNTIL'"
  fi
  mkdir -p "$OUT"
  OUT=$(cd "$OUT" && pwd) # each sweep runs from the worktree: a relative DIR would land there
  local -a plan=(--out "$OUT" --reps "$REPS")
  [[ -z $REGIMES ]] || plan+=(--regimes "$REGIMES")
  local steps
  steps=$("${REPEAT[@]}" plan "${plan[@]}" 2>&1) || die "$(head -n 1 <<<"$steps" | sed 's/^error: //')"
  local recorded=""
  [[ -f $OUT/commit ]] && recorded=$(cat "$OUT/commit")
  if [[ -z $COMMIT ]]; then
    COMMIT=${recorded:-HEAD}
  fi
  local asked=$COMMIT
  COMMIT=$(git -C "$ROOT" rev-parse --verify "$asked^{commit}" 2>/dev/null) || die "--commit: no commit '$asked'"
  [[ -z $recorded || $recorded == "$COMMIT" ]] ||
    die "$OUT measures $recorded; --commit $COMMIT would mix commits (another --out for another commit)"
  SHORT=${COMMIT:0:7}
  WORKTREE=${WORKTREE:-/var/tmp/rpcx-repro-$SHORT}
  if $DRY; then
    echo "commit $SHORT, worktree $WORKTREE, out $OUT"
    echo "$steps"
    exit 0
  fi
  [[ $(id -u) -eq 0 ]] || die "needs root (the lab's namespaces)"
  echo "$COMMIT" >"$OUT/commit"
  worktree
  exec 9>"$LOCK"
  flock 9
  log "commit $SHORT; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"
  local next rep regime rate status ended verdict line
  local -a lines
  while :; do
    next=$("${REPEAT[@]}" next "${plan[@]}") || die "rpcx-bench repeat next failed (exit $?)" 1
    [[ -n $next ]] || break
    mapfile -t lines <<<"$next"
    IFS=$'\t' read -r rep regime rate <<<"${lines[0]}"
    status=0
    sweeps "$rep" "$regime" "$rate" "${lines[@]:1}" || status=$?
    ((status == 8)) && exit 0
    verdict=0
    ended=$("${REPEAT[@]}" ended "${plan[@]}" --rep "$rep" --regime "$regime" --status "$status" \
      --until "$UNTIL") || verdict=$?
    while IFS= read -r line; do
      [[ -z $line ]] || log "$line"
    done <<<"$ended"
    ((verdict == 8)) && exit 0
    ((verdict == 0)) || exit 1
  done
  log "every sweep done"
}

main "$@"
