package io.rpcxbench.runner.choose;

import io.rpcxbench.runner.point.Eta;
import io.rpcxbench.runner.point.SweepLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code choose}'s rounds of capacity searches: per round, each candidate (in the round's random
 * order) searched by {@link CapacitySearch} from {@code --start-rate} or from the round's own
 * warm-up ({@link ChooseSettings#startAt}) with {@link CapacitySearch#FACTOR}. A round is a trial:
 * it reads nothing another round found, so one unlucky round cannot hold a candidate down in the
 * next (a search anchored on the last capacity did). The probes themselves are the {@link
 * Prober}'s; the rounds stop by {@link RoundsRule} or by the hard {@code --max-time} ({@link
 * ChooseDeadline}), which no probe is started past.
 *
 * <pre>{@code
 * ChooseRounds rounds = new ChooseRounds(settings, ledger, deadline, log, sharedRoundMs);
 * int done = rounds.run(prober);
 * rounds.stopped();   // "rounds", "decided", "budget", "precision" or "max-time"
 * }</pre>
 */
final class ChooseRounds {
  /** What runs: a candidate's warm-up before its search, and each probe. */
  interface Prober {
    /**
     * Before {@code candidate}'s search in {@code round}: a closed-loop warm-up, or nothing; its
     * rate in calls/s (0 without one), where an auto search of the round starts from.
     */
    double warmUp(int round, String candidate) throws IOException, InterruptedException;

    /** One probe (its repeats included) and its verdict, no-data included. */
    Slo.Verdict probe(int round, String candidate, int rate)
        throws IOException, InterruptedException;

    /** Whether {@link #warmUp} runs a point (the time {@code --max-time} expects of it). */
    boolean warmsUp();

    /** Before round {@code round}'s searches: fresh servers where they are started (a trial). */
    default void newRound(int round) throws IOException, InterruptedException {}
  }

  private final ChooseSettings s;
  private final ChooseLedger ledger;
  private final ChooseDeadline deadline;
  private final SweepLog log;
  private final long sharedRoundMs;
  private final List<String> noData = new ArrayList<>();
  private String stopped = "rounds";

  /**
   * {@code sharedRoundMs}: what one round's shared load is expected to take, kept free before a new
   * round is started under {@code --max-time}.
   */
  ChooseRounds(
      ChooseSettings s,
      ChooseLedger ledger,
      ChooseDeadline deadline,
      SweepLog log,
      long sharedRoundMs) {
    this.s = s;
    this.ledger = ledger;
    this.deadline = deadline;
    this.log = log;
    this.sharedRoundMs = sharedRoundMs;
  }

  /** Runs the rounds; the rounds started. */
  int run(Prober prober) throws IOException, InterruptedException {
    RoundsRule rule = new RoundsRule(s.rounds(), s.precision(), s.maxTime());
    int planned = s.rounds().planned();
    int round = 0;
    long lastRoundMs = 0;
    long plannedMs = 0;
    while (round < s.rounds().most()) {
      // the shared load of the rounds done and of the next one is still to come
      String why =
          round == 0
              ? null
              : rule.stopBefore(
                  round,
                  capacities(),
                  deadline.elapsedMs() + round * sharedRoundMs,
                  lastRoundMs + sharedRoundMs,
                  plannedMs);
      if (why != null) {
        stopped = why;
        log.line("stopping after round " + round + ": " + rule.explain(why));
        if (why.equals("max-time") && round < planned) {
          deadline.unfinished(roundsText(round + 1, planned) + " not searched");
        }
        break;
      }
      if (round >= planned) {
        log.line(
            "adding round "
                + (round + 1)
                + ": undecided "
                + String.join("; ", rule.undecided(capacities())));
      }
      round++;
      long roundStart = deadline.elapsedMs();
      if (!searchRound(round, prober)) {
        stopped = "max-time";
        if (round < planned) {
          deadline.unfinished(roundsText(round + 1, planned) + " not searched");
        }
        break;
      }
      lastRoundMs = deadline.elapsedMs() - roundStart;
      if (round == planned) {
        plannedMs = deadline.elapsedMs() + round * sharedRoundMs;
      }
    }
    if (s.rounds().adds() && !stopped.equals("decided") && round >= planned) {
      List<String> open = rule.undecided(capacities());
      if (!open.isEmpty()) {
        log.line("still undecided after " + round + " rounds: " + String.join("; ", open));
      }
    }
    return round;
  }

  /**
   * Why the rounds stopped: {@code rounds} (all run), {@code decided} (every pair, after the
   * planned rounds), {@code budget} (extra rounds' time), {@code precision} or {@code max-time}.
   */
  String stopped() {
    return stopped;
  }

  /** The searches a rate that gave no data stopped: {@code round 2 rpcx at 4000/s}. */
  List<String> noData() {
    return List.copyOf(noData);
  }

  private static String roundsText(int from, int to) {
    return from == to ? "round " + from : "rounds " + from + "-" + to;
  }

  private Map<String, List<Integer>> capacities() {
    Map<String, List<Integer>> m = new LinkedHashMap<>();
    s.candidates().forEach(c -> m.put(c, ledger.capacities(c)));
    return m;
  }

  /** One round; false when {@code --max-time} stopped it. */
  private boolean searchRound(int round, Prober prober) throws IOException, InterruptedException {
    boolean stop = false;
    if (s.candidates().stream().anyMatch(c -> ledger.find(round, c).isEmpty())) {
      prober.newRound(round);
    }
    for (String candidate : s.order(round)) {
      if (ledger.find(round, candidate).isPresent()) {
        log.line("round " + round + " " + candidate + ": found earlier, kept");
        continue;
      }
      if (stop) {
        deadline.unfinished("round " + round + " of " + candidate + " not searched");
        continue;
      }
      ProbeLog probes = new ProbeLog();
      long t0 = deadline.elapsedMs();
      CapacitySearch.Result r;
      try {
        if (prober.warmsUp()) {
          deadline.check(ChooseTiming.warmUpMs());
        }
        int start = s.startAt(prober.warmUp(round, candidate));
        r =
            s.search()
                .search(
                    start,
                    CapacitySearch.FACTOR,
                    rate -> {
                      deadline.check(ChooseTiming.probeMs(s, rate));
                      Slo.Verdict v = prober.probe(round, candidate, rate);
                      probes.add(rate, v);
                      return v.outcome();
                    });
      } catch (ChooseDeadline.Passed e) {
        deadline.unfinished(
            "round "
                + round
                + " of "
                + candidate
                + (probes.size() == 0
                    ? " not searched"
                    : " cut after " + probes.size() + " probes (not in capacity.tsv)"));
        stop = true;
        continue;
      } catch (IOException | InterruptedException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      record(round, candidate, r, probes, deadline.elapsedMs() - t0);
    }
    return !stop;
  }

  /**
   * A finished search goes to the ledger; one that a rate without data stopped does not (its
   * bracket is open: its capacity would be a guess), and a rerun on the folder searches it again.
   */
  private void record(
      int round, String candidate, CapacitySearch.Result r, ProbeLog probes, long ms)
      throws IOException {
    String took = Eta.clock(ms / 1000);
    if (!r.complete()) {
      noData.add("round " + round + " " + candidate + " at " + r.unknownAt() + "/s");
      log.line(
          String.format(
              Locale.ROOT,
              "round %d %s: no capacity: two probes at %d/s gave no data (%s), so the search"
                  + " stopped there%s; not in capacity.tsv (probes.tsv has its probes), a rerun on"
                  + " this folder searches it again (%d probes, %s)",
              round,
              candidate,
              r.unknownAt(),
              probes.whyAt(r.unknownAt()),
              r.capacity() > 0 ? ", met up to " + r.capacity() + "/s" : "",
              r.probed().size(),
              took));
      return;
    }
    ChooseLedger.Row row =
        new ChooseLedger.Row(
            round,
            candidate,
            r.capacity(),
            r.failedAt(),
            r.probed().size(),
            probes.limitedByAt(r.failedAt()),
            probes.note(r));
    ledger.add(row);
    log.line(
        String.format(
            Locale.ROOT,
            "round %d %s: capacity %d calls/s (%s; %d probes, %s)",
            round,
            candidate,
            r.capacity(),
            r.failedAt() == 0
                ? "no failure up to " + s.search().maxRate() + "/s"
                : "failed at "
                    + r.failedAt()
                    + "/s"
                    + (row.limitedBy().isEmpty() ? "" : ", limited by " + row.limitedBy()),
            r.probed().size(),
            took));
  }
}
