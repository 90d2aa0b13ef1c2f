package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.raw.RawContents;
import io.rpcxbench.raw.RunRow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** An SLO read against a probe's file: latency, errors, drops, keeping up, contention. */
class SloTest {
  private static RawContents probe(
      long latencyMicros, long errors, long dropped, double achieved, boolean contended) {
    return probe(latencyMicros, errors, dropped, achieved, contended, "complete");
  }

  private static RawContents probe(
      long latencyMicros,
      long errors,
      long dropped,
      double achieved,
      boolean contended,
      String status) {
    Histogram h = new Histogram(3);
    for (int i = 0; i < 1000; i++) {
      h.recordValue(latencyMicros * 1000);
    }
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("target_rate", "1000");
    extra.put("achieved_rate", String.valueOf(achieved));
    extra.put("dropped", String.valueOf(dropped));
    extra.put("limited_by", dropped > 0 ? "client" : "server");
    if (dropped > 0) {
      extra.put("limited_why", "in-flight cap 256; " + dropped + " calls dropped");
    }
    extra.put("contended", contended ? "1" : "0");
    RunRow row = RunRow.measured(1, 1, 5000, 0, 5000, 5000, errors, h).withExtra(extra);
    List<String> columns = new ArrayList<>(List.of("type"));
    columns.addAll(extra.keySet());
    return new RawContents(Map.of("status", status), columns, List.of(row), List.of(), true);
  }

  @Test
  void parsesTheFormsPeopleWrite() {
    Slo slo = Slo.parse("p99=5ms", 0, 0.01);
    assertThat(slo.percentile()).isEqualTo(99);
    assertThat(slo.limitMicros()).isEqualTo(5000);
    assertThat(slo.text()).isEqualTo("p99<=5ms");
    assertThat(Slo.parse("p99.9<=800us", 0, 0.01).text()).isEqualTo("p99.9<=800us");
    assertThat(Slo.parse("p50=1s", 0, 0.01).limitMicros()).isEqualTo(1e6);
  }

  @Test
  void refusesWhatItCannotRead() {
    for (String bad : List.of("99=5ms", "p99=5", "p100=5ms", "p99=-1ms", "p99=5 parsecs", "")) {
      assertThatThrownBy(() -> Slo.parse(bad, 0, 0.01))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("--slo: '" + bad + "'");
    }
  }

  @Test
  void aQuickCleanProbeMeetsIt() {
    Slo.Verdict v = Slo.parse("p99=5ms", 0, 0.01).check(probe(2000, 0, 0, 1000, false));
    assertThat(v.met()).isTrue();
    assertThat(v.latencyMicros()).isBetween(1990.0, 2010.0);
    assertThat(v.limitedBy()).isEqualTo("server");
    assertThat(v.contended()).isFalse();
  }

  @Test
  void aProbeThatDroppedCallsAtTheClientsCapNamesTheGeneratorAsItsLimit() {
    Slo.Verdict v = Slo.parse("p99=5ms", 0, 0.01).check(probe(2000, 0, 500, 1000, false));
    assertThat(v.met()).isFalse();
    assertThat(v.limitedBy()).isEqualTo("client (in-flight cap 256; 500 calls dropped)");
    assertThat(v.droppedAtTheClientsCap()).isTrue();
    // over the latency limit as well: the server may be the limit, the cap stays
    Slo.Verdict slow = Slo.parse("p99=5ms", 0, 0.01).check(probe(7900, 0, 500, 1000, false));
    assertThat(slow.droppedAtTheClientsCap()).isFalse();
    assertThat(
            Slo.parse("p99=5ms", 0, 0.01)
                .check(probe(2000, 0, 0, 1000, false))
                .droppedAtTheClientsCap())
        .isFalse();
  }

  @Test
  void aRaisedCapGoesToTheOpenLoopsProbesNeverToTheNextRoundsClosedLoopWarmUp() {
    // a cap raised in round 1 once went to round 2's warm-up, which the harness refused
    assertThat(
            InFlightCaps.capped(
                io.rpcxbench.runner.point.PlannedPoint.grid(0, "rpcx", 4, 2000), 1024))
        .isNull();
    assertThat(
            InFlightCaps.capped(io.rpcxbench.runner.point.PlannedPoint.rate(0, "rpcx", 9, 1), 1024))
        .isEqualTo(1024);
    assertThat(
            InFlightCaps.capped(io.rpcxbench.runner.point.PlannedPoint.rate(0, "rpcx", 9, 1), null))
        .isNull();
  }

  @Test
  void aSlowProbeSaysByHowMuch() {
    Slo.Verdict v = Slo.parse("p99=5ms", 0, 0.01).check(probe(7900, 0, 0, 1000, true));
    assertThat(v.met()).isFalse();
    assertThat(v.why()).isEqualTo("p99 7.9ms > 5ms");
    assertThat(v.contended()).isTrue();
  }

  @Test
  void errorsAndDropsBreakItEvenWhenQuick() {
    assertThat(Slo.parse("p99=5ms", 0, 0.01).check(probe(100, 3, 0, 1000, false)).why())
        .isEqualTo("3 calls failed");
    assertThat(Slo.parse("p99=5ms", 5, 0.01).check(probe(100, 3, 0, 1000, false)).met()).isTrue();
    assertThat(Slo.parse("p99=5ms", 0, 0.01).check(probe(100, 0, 200, 1000, false)).why())
        .isEqualTo("4.0 % dropped");
  }

  @Test
  void aRateNotKeptUpWithFails() {
    Slo.Verdict v = Slo.parse("p99=5ms", 0, 0.01).check(probe(100, 0, 0, 800, false));
    assertThat(v.met()).isFalse();
    assertThat(v.why()).startsWith("did not keep up: achieved 80.0 % of the target");
  }

  /** A probe that did not finish says nothing about the SLO: no data, never a miss. */
  @Test
  void aProbeThatDidNotFinishIsNoData() {
    Slo slo = Slo.parse("p99=5ms", 0, 0.01);
    for (String status : List.of("timeout", "incomplete", "failed")) {
      Slo.Verdict v = slo.check(probe(100, 0, 0, 1000, false, status));
      assertThat(v.outcome()).as(status).isEqualTo(CapacitySearch.Outcome.NO_DATA);
      assertThat(v.met()).isFalse();
      assertThat(v.why()).isEqualTo("the point " + status);
    }
    RawContents none =
        new RawContents(Map.of("status", "timeout"), List.of("type"), List.of(), List.of(), true);
    assertThat(slo.check(none).outcome()).isEqualTo(CapacitySearch.Outcome.NO_DATA);
    assertThat(slo.check(none).why()).isEqualTo("no run finished (timeout)");
  }

  @Test
  void aProbeWithFewerCallsOrRunsThanPlannedIsNoData() {
    Slo slo = Slo.parse("p99=5ms", 0, 0.01);
    // the row made 5000 calls (5 s at 1000/s)
    assertThat(slo.check(probe(100, 0, 0, 1000, false), 1, 5000).outcome())
        .isEqualTo(CapacitySearch.Outcome.MET);
    Slo.Verdict few = slo.check(probe(100, 0, 0, 1000, false), 1, 60_000);
    assertThat(few.outcome()).isEqualTo(CapacitySearch.Outcome.NO_DATA);
    assertThat(few.why()).isEqualTo("run 0 made 5000 of 60000 planned calls");
    assertThat(slo.check(probe(100, 0, 0, 1000, false), 3, 5000).why())
        .isEqualTo("1 of 3 runs in the file");
    // a slow probe that finished is a miss, with its numbers
    Slo.Verdict slow = slo.check(probe(7900, 2, 100, 1000, false), 1, 5000);
    assertThat(slow.outcome()).isEqualTo(CapacitySearch.Outcome.MISSED);
    assertThat(slow.errors()).isEqualTo(2);
    assertThat(slow.dropShare()).isEqualTo(0.02);
  }
}
