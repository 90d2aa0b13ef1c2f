package io.rpcxbench.report.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.report.clean.CleanedPoint;
import io.rpcxbench.report.clean.Latency;
import io.rpcxbench.report.clean.OpenLoad;
import io.rpcxbench.report.db.PointStatus;
import io.rpcxbench.report.db.RawProtocol;
import io.rpcxbench.report.db.Series;
import io.rpcxbench.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The knee of each protocol from synthetic open-loop points. */
public class KneeTest {
  static final Series OPEN =
      Series.of(Map.of("load_model", "open", "requests_per", "total", "client_host", "h"));

  /** A complete open-loop point at {@code rate} with this p99 that achieved {@code achieved}. */
  public static CleanedPoint point(
      String protocol, double rate, double achievedMin, long dropped, long errors, Double p99) {
    RawProtocol p = RawProtocol.of(protocol, protocol.equals("rpcx") ? 1 : 2);
    return new CleanedPoint(
        p,
        256,
        (int) (rate * 10),
        PointStatus.COMPLETE,
        null,
        2,
        errors,
        new Spread(10_000.0, null, null, null),
        new Spread(rate, null, null, null),
        rate,
        new Latency(
            p99 == null ? null : p99 / 3,
            null,
            p99,
            p99 == null ? null : p99 * 2,
            null,
            Latency.FROM_HISTOGRAM),
        OPEN,
        3,
        3,
        new OpenLoad(rate, (rate + achievedMin) / 2, achievedMin, dropped),
        null);
  }

  public static CleanedPoint ok(String protocol, double rate, double p99) {
    return point(protocol, rate, rate, 0, 0, p99);
  }

  /** {@code ok(...)} with its p50 set apart from its p99. */
  static CleanedPoint tailed(String protocol, double rate, double p50, double p99) {
    CleanedPoint p = ok(protocol, rate, p99);
    return new CleanedPoint(
        p.protocol(),
        p.threadNum(),
        p.requestNum(),
        p.status(),
        p.limitS(),
        p.runsAveraged(),
        p.errorsSum(),
        p.runtimeMs(),
        p.tps(),
        p.throughputAvg(),
        new Latency(p50, null, p99, p99 * 2, null, Latency.FROM_HISTOGRAM),
        p.series(),
        p.runsDone(),
        p.runsDeclared(),
        p.load(),
        p.limitedBy());
  }

  @Test
  void aDisturbedUnloadedPointIsNamedAsADoubtfulReference() {
    Knee tail =
        Knee.of(List.of(tailed("rpcx", 500, 500, 71_000), ok("rpcx", 1000, 2_000)), 10).get(0);
    assertThat(tail.referenceWarning())
        .hasValueSatisfying(
            w ->
                assertThat(w)
                    .startsWith("rpcx: the unloaded p99 (71000.0 µs at 500 calls/s) is 142.0x")
                    .contains("rerun the lowest rate"));
    assertThat(Knee.markdown(List.of(tail), 10)).contains("Warning: rpcx: the unloaded p99");

    Knee lower =
        Knee.of(
                List.of(ok("grpc", 500, 9_000), ok("grpc", 1000, 1_000), ok("grpc", 2000, 1_200)),
                10)
            .get(0);
    assertThat(lower.referenceWarning())
        .hasValueSatisfying(w -> assertThat(w).contains("over twice the knee's (1200.0 µs"));

    Knee quiet =
        Knee.of(List.of(ok("rpcx", 500, 300), ok("rpcx", 1000, 400), ok("rpcx", 2000, 900)), 10)
            .get(0);
    assertThat(quiet.referenceWarning()).isEmpty();
  }

  @Test
  void theKneeIsTheLastRateBeforeP99ReachesTenTimesTheUnloadedP99() {
    List<Knee> k =
        Knee.of(
            List.of(
                ok("rpcx", 4000, 1999.9), // 10x: not under
                ok("rpcx", 1000, 200),
                ok("rpcx", 2000, 1999.8), // just under 10x
                ok("rpcx", 500, 199.99)),
            10);
    assertThat(k).hasSize(1);
    Knee rpcx = k.get(0);
    assertThat(rpcx.rates()).isEqualTo(4);
    assertThat(rpcx.unloaded().load().targetRate()).isEqualTo(500);
    assertThat(rpcx.knee().load().targetRate()).isEqualTo(2000);
    assertThat(rpcx.knee().latency().p99Us()).isEqualTo(1999.8);
    assertThat(rpcx.beyond().load().targetRate()).isEqualTo(4000);
    assertThat(rpcx.why()).isEqualTo("p99 10.0x the unloaded p99");
  }

  @Test
  void aRateThatWasNotKeptUpEndsTheKneeWhateverItsLatency() {
    assertThat(
            Knee.of(
                    List.of(
                        ok("grpc", 500, 400),
                        point("grpc", 1000, 980, 0, 0, 500.0), // 98 % achieved
                        ok("grpc", 2000, 450)),
                    10)
                .get(0))
        .satisfies(
            k -> {
              assertThat(k.knee().load().targetRate()).isEqualTo(500);
              assertThat(k.beyond().load().targetRate()).isEqualTo(1000);
              assertThat(k.why()).isEqualTo("achieved 98.0 % of the target");
            });
    // drops lower the achieved rate: over 1 % of them fail the point through it, with the count
    Knee dropped =
        Knee.of(List.of(ok("grpc", 500, 400), point("grpc", 1000, 950, 50, 0, 500.0)), 10).get(0);
    assertThat(dropped.why()).isEqualTo("achieved 95.0 % of the target, 50 calls dropped");
    // a handful that leave the rate at 99 % or more does not end the knee
    Knee few =
        Knee.of(List.of(ok("grpc", 500, 400), point("grpc", 1000, 999.6, 4, 0, 500.0)), 10).get(0);
    assertThat(few.knee().load().targetRate()).isEqualTo(1000);
    Knee failed =
        Knee.of(List.of(ok("grpc", 500, 400), point("grpc", 1000, 1000, 0, 3, 500.0)), 10).get(0);
    assertThat(failed.why()).isEqualTo("3 calls failed");
    // the knee "stays" under: a later rate that passes again does not move it up
    assertThat(failed.knee().load().targetRate()).isEqualTo(500);
  }

  @Test
  void noKneeWhenTheLowestRateWasNotKeptUpAndAboveTheTopWhenEveryRateWas() {
    Knee none =
        Knee.of(List.of(point("rpcx", 500, 400, 0, 0, 100.0), ok("rpcx", 1000, 100)), 10).get(0);
    assertThat(none.knee()).isNull();
    assertThat(none.why()).startsWith("did not keep up at its lowest rate: achieved 80.0 %");
    Knee all = Knee.of(List.of(ok("rpcx", 500, 100), ok("rpcx", 1000, 150)), 10).get(0);
    assertThat(all.knee().load().targetRate()).isEqualTo(1000);
    assertThat(all.beyond()).isNull();
    assertThat(all.why()).contains("kept up at every rate");
  }

  @Test
  void oneKneePerProtocolAndTheTablesSayIt() {
    List<CleanedPoint> points = new ArrayList<>();
    points.add(ok("rpcx", 500, 100));
    points.add(ok("rpcx", 1000, 120));
    points.add(ok("grpc", 500, 300));
    points.add(point("grpc", 1000, 900, 0, 0, 350.0));
    List<Knee> k = Knee.of(points, 5);
    assertThat(k).extracting(x -> x.protocol().id).containsExactly("rpcx", "grpc");
    String md = Knee.markdown(k, 5);
    assertThat(md).contains("reached 5x the unloaded p99");
    assertThat(md).contains("| rpcx | 2 | 500 | 100.0 | 1000 | 1000.0 | 120.0 | 1.20 | – |");
    assertThat(md)
        .contains(
            "| grpc | 2 | 500 | 300.0 | 500 | 500.0 | 300.0 | 1.00 | 1000 | achieved 90.0 % of the target |");
    assertThat(Knee.csv(k).lines().toList()).hasSize(3);
  }
}
