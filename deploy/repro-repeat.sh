#!/usr/bin/env bash
# Issue 28, outcome 3: the paper's four regimes, each swept three times, every sweep on ONE
# commit, each in a fresh lab with fresh JVMs, so that the reproduction's intervals can hold
# sweep-to-sweep variance. Built from a git worktree of that commit, so that the sessions that
# carry it on (it takes ~15 h) measure the same code whatever main has become. Resumable: run it
# again and it goes on where it stopped (a finished sweep has a `done` file; an unfinished one is
# resumed by sweep.sh itself). Each sweep holds the measurement lock.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LOCK=${RPCX_MEASURE_LOCK:-/tmp/rpcx-bench-measure.lock} # the measurement lock (tests: their own)
ALL_REGIMES=a-1gbit-total,b-1mbit-total,a-1gbit-thread,b-1mbit-thread
GRID="--protocol rpcx,grpc,openfeign --threads 10:910:100,990 --requests 100,300,500 --runs 10 --point-timeout 600 --timeout-per point"

usage() {
  cat <<USAGE
Usage: deploy/repro-repeat.sh [--commit REV] [--reps N] [--regimes LIST] [--out DIR]
                              [--worktree DIR] [--until HH:MM] [--dry-run]

Sweeps the reproduction's regimes N times each (default 3), repetition after repetition
(all regimes of repetition 1, then of 2, ...), each sweep in a fresh lab (deploy/lab.sh down,
then up at the regime's link: 1 vCPU and 2 GB a host) with the grid of docs/reproduction.md:
  $GRID
Regimes (default $ALL_REGIMES): a-1gbit-* at 1 Gbit/s, b-1mbit-* at 1 Mbit/s;
*-total: R calls shared by the threads, *-thread: R calls per thread (T x R).
b-1mbit-thread runs its three protocols side by side, each in a lab of its own with its own
1 Mbit/s link (labs 1-3: namespaces rpcxa1/rpcxb1 ..., 198.18.K.0/30), into DIR/.../lab-PROTOCOL/:
every point there is held by its link, not a CPU, and one after another it takes ~5 h.

  --commit REV    the commit every sweep measures (default: the one DIR/commit records, else
                  HEAD); another commit than the recorded one is refused (exit 2)
  --reps N        sweeps per regime (default 3)
  --out DIR       results/repro-repeat: DIR/rep-K/REGIME/ per sweep, DIR/commit, DIR/log
  --worktree DIR  where the commit is checked out and built (default /var/tmp/rpcx-repro-SHORT)
  --until HH:MM   start no sweep after this time of day (UTC), and stop the one under way there
                  (it resumes on the next run); for a session that must end
  --dry-run       print the plan and exit

Exit: 0 every sweep done (or --until reached, or a sweep interrupted: it resumes), 1 a sweep
failed, 2 bad arguments. A sweep is done when sweep.sh went through its plan: exit 0, or 1 (some
point failed, timed out or had errors: a result). After a stop, a point the stop interrupted that the commit's runner
kept as incomplete (runners before c395047 could) is removed, so the resume runs it again.
Needs root (the lab). Reads: docs/reproduction.md, How to rerun it.
USAGE
}

die() { echo "repro-repeat: $1" >&2; exit "${2:-2}"; }

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$1" | tee -a "$OUT/log"; }

# the regime's link rate and sweep options
regime_rate() { case $1 in a-1gbit-*) echo 1gbit ;; b-1mbit-*) echo 1mbit ;; esac; }
regime_options() {
  case $1 in
    a-1gbit-total | b-1mbit-total) echo "--requests-per total" ;;
    a-1gbit-thread) echo "--requests-per thread --stop-after-failures 2" ;;
    b-1mbit-thread) echo "--requests-per thread --stop-after-failures 1 --skip-dominated" ;;
  esac
}

# After a stop: the points the stop interrupted, if the commit's runner kept them. Runners before
# c395047 could keep such a point as incomplete (its harness ended on the signal before the
# runner's discard), and the resume would skip it: it goes, and the resume runs it again. Read
# from the newest sweep log of OUT_DIR only (older logs' points may since have been rerun).
discard_interrupted() {
  local dir=$1 newest proto t r file
  newest=$(find "$dir" -maxdepth 1 -name 'sweep-*.log' | sort | tail -n 1)
  [[ -n $newest ]] || return 0
  while read -r proto t r; do
    file="$dir/$proto/$t-$r.csv"
    if [[ -f $file ]] && grep -q '^# status: incomplete' "$file"; then
      rm -f "$file"
      log "removed $file: interrupted by the stop, kept as incomplete by the runner; the resume runs it again"
    fi
  done < <(sed -nE 's/^[0-9:]+ \[[0-9]+\/[0-9]+\] ([a-z0-9-]+) (t[0-9]+) (r[0-9]+): incomplete \(exit 130,.*/\1 \2 \3/p' "$newest")
}

# b-1mbit-thread: link-bound at every point, so each protocol gets a lab and a link of its own
regime_side_by_side() { [[ $1 == b-1mbit-thread ]]; }

# lab K's names (K = 1..3), as lab.sh and sweep.sh read them; lab 0 is the default lab
lab_env() {
  local k=$1
  echo "RPCX_LAB_NS_A=rpcxa$k RPCX_LAB_NS_B=rpcxb$k RPCX_LAB_ADDR_A=198.18.$k.1" \
    "RPCX_LAB_ADDR_B=198.18.$k.2 RPCX_LAB_IF=lab$k RPCX_LAB_STATE_DIR=/run/rpcx-lab$k" \
    "RPCX_LAB_CGROUP=rpcx-lab$k"
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
  if [[ ! -f $WORKTREE/client-harness/target/client-harness.jar ]]; then
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

# one sweep: a fresh lab at the regime's link, the sweep, the lab down; DIR/done when it finished
sweep() {
  local rep=$1 regime=$2 dir="$OUT/rep-$1/$2" left status=0
  left=$(seconds_left)
  if ((left <= 60)); then
    log "--until $UNTIL reached: rep $rep $regime not started"
    return 3
  fi
  mkdir -p "$dir"
  if regime_side_by_side "$regime"; then
    side_by_side "$regime" "$dir" "$left" || status=$?
  else
    log "rep $rep $regime: lab at $(regime_rate "$regime"), sweep into $dir"
    (
      cd "$WORKTREE"
      deploy/lab.sh down >/dev/null 2>&1 || true
      deploy/lab.sh up --rate "$(regime_rate "$regime")" --cpus 1 --memory 2g >>"$dir/lab.txt" 2>&1
      # shellcheck disable=SC2046,SC2086 # the grid and options are word lists
      timeout --signal=INT "$left" ./sweep.sh --lab $GRID $(regime_options "$regime") --out "$dir"
    ) >>"$OUT/log" 2>&1 || status=$?
    (cd "$WORKTREE" && deploy/lab.sh down >/dev/null 2>&1) || true
  fi
  if ((status == 0 || status == 1)); then
    # sweep.sh's 1: it went through the plan, and some point failed, timed out or had errors (a
    # result, as OpenFeign's 990 x 500 timing out is): the sweep is done all the same
    date -u +%FT%TZ >"$dir/done"
    if ((status == 1)); then
      log "rep $rep $regime: done, with points that failed, timed out or had errors (the sweep log says which)"
    else
      log "rep $rep $regime: done"
    fi
  elif ((status == 124 || status == 130)); then
    # stopped by --until (124) or interrupted (130, e.g. kill -INT to its timeout process)
    local out
    while read -r out; do
      discard_interrupted "$out"
    done < <(find "$dir" -name 'sweep-*.log' -printf '%h\n' | sort -u)
    if ((status == 130)); then
      log "rep $rep $regime: interrupted (resumes on the next run)"
    else
      log "rep $rep $regime: stopped at --until $UNTIL (resumes on the next run)"
    fi
    return 3
  else
    log "rep $rep $regime: the sweep failed, exit $status (see $OUT/log)"
    return 1
  fi
}

# the regime's protocols at once, protocol K in lab K (DIR/lab-PROTOCOL/, its lab-PROTOCOL.txt);
# the status of the first sweep that did not finish (124: stopped by --until), else 0
side_by_side() {
  local regime=$1 dir=$2 left=$3 k=0 p status=0 s pids=()
  log "rep $rep $regime: three labs at $(regime_rate "$regime"), one a protocol, sweeps into $dir/lab-*"
  for p in rpcx grpc openfeign; do
    k=$((k + 1))
    (
      cd "$WORKTREE"
      # shellcheck disable=SC2046 # the lab's names are words
      export $(lab_env "$k")
      deploy/lab.sh down >/dev/null 2>&1 || true
      deploy/lab.sh up --rate "$(regime_rate "$regime")" --cpus 1 --memory 2g >>"$dir/lab-$p.txt" 2>&1
      # shellcheck disable=SC2046,SC2086 # the grid and options are word lists
      timeout --signal=INT "$left" ./sweep.sh --lab ${GRID/rpcx,grpc,openfeign/$p} \
        $(regime_options "$regime") --out "$dir/lab-$p"
    ) >>"$OUT/log" 2>&1 &
    pids+=($!)
  done
  for k in 0 1 2; do
    s=0
    wait "${pids[$k]}" || s=$?
    ((status != 0)) || status=$s
  done
  for k in 1 2 3; do
    # shellcheck disable=SC2046
    (cd "$WORKTREE" && export $(lab_env "$k") && deploy/lab.sh down >/dev/null 2>&1) || true
  done
  return "$status"
}

main() {
  COMMIT="" REPS=3 REGIMES=$ALL_REGIMES OUT=$ROOT/results/repro-repeat WORKTREE="" UNTIL="" DRY=false
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
      *) usage >&2; die "unknown argument: $1" ;;
    esac
  done
  [[ $REPS =~ ^[1-9][0-9]?$ ]] || die "--reps: a count from 1 to 99, not '$REPS'"
  local regime
  for regime in ${REGIMES//,/ }; do
    [[ ,$ALL_REGIMES, == *,$regime,* ]] || die "--regimes: unknown regime '$regime' (known: $ALL_REGIMES)"
  done
  if [[ -n $UNTIL ]]; then
    date -u -d "$UNTIL" +%s >/dev/null 2>&1 || die "--until: a time of day HH:MM, not '$UNTIL'"
  fi
  mkdir -p "$OUT"
  OUT=$(cd "$OUT" && pwd) # each sweep runs from the worktree: a relative DIR would land there
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

  local rep plan=()
  for ((rep = 1; rep <= REPS; rep++)); do
    for regime in ${REGIMES//,/ }; do
      local how=""
      regime_side_by_side "$regime" && how=" (three labs side by side)"
      if [[ -f $OUT/rep-$rep/$regime/done ]]; then
        plan+=("rep $rep $regime: done")
      else
        plan+=("rep $rep $regime: to run$how")
      fi
    done
  done
  if $DRY; then
    echo "commit $SHORT, worktree $WORKTREE, out $OUT"
    printf '%s\n' "${plan[@]}"
    exit 0
  fi
  [[ $(id -u) -eq 0 ]] || die "needs root (the lab's namespaces)"
  echo "$COMMIT" >"$OUT/commit"
  worktree
  exec 9>"$LOCK"
  flock 9
  log "commit $SHORT; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg)"
  for ((rep = 1; rep <= REPS; rep++)); do
    for regime in ${REGIMES//,/ }; do
      [[ -f $OUT/rep-$rep/$regime/done ]] && continue
      local status=0
      sweep "$rep" "$regime" || status=$?
      ((status == 3)) && exit 0
      ((status == 0)) || exit 1
    done
  done
  log "every sweep done"
}

main "$@"
