package io.rpcxbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AaChecksTest {
  private static List<Double> invocation(Random r, int trials, double offset) {
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < trials; i++) {
      v.add(500 * Math.exp(offset + 0.05 * r.nextGaussian()));
    }
    return v;
  }

  @Test
  void oneInterleavedVerdictAnInvocationAndOneApartVerdictADisjointPair() {
    Random r = new Random(1);
    List<List<Double>> inv = new ArrayList<>();
    for (int k = 0; k < 5; k++) {
      inv.add(invocation(r, 8, 0.1 * r.nextGaussian()));
    }
    List<AaLedger.Entry> e =
        AaChecks.of(
            "p50", inv, List.of("a", "b", "c", "d", "e"), Instant.EPOCH, "calibrate", 24, 0.1, 4);
    assertThat(e.stream().filter(x -> x.design() == AaLedger.Design.INTERLEAVED)).hasSize(5);
    assertThat(e.stream().filter(x -> x.design() == AaLedger.Design.APART))
        .extracting(AaLedger.Entry::invocation)
        .containsExactly("a+b", "c+d");
    assertThat(e).allMatch(x -> x.metric().equals("p50") && x.source().equals("calibrate"));
  }

  @Test
  void withoutAMeasuredInvocationSpreadNoApartVerdict() {
    Random r = new Random(2);
    List<AaLedger.Entry> e =
        AaChecks.of(
            "p50",
            List.of(invocation(r, 8, 0)),
            List.of("a"),
            Instant.EPOCH,
            "calibrate",
            24,
            Double.NaN,
            0);
    assertThat(e).hasSize(1);
    assertThat(e.get(0).design()).isEqualTo(AaLedger.Design.INTERLEAVED);
  }

  @Test
  void labelsThatFollowADriftInsideTheInvocationAreCaught() {
    // every second trial 30 % slower: labels drawn per round split them about evenly, but with
    // seed 16 A gets the quick ones in every round: the A/A must differ
    List<Double> t = new ArrayList<>();
    for (int k = 0; k < 12; k++) {
      t.add(k % 2 == 0 ? 100.0 + k : 130.0 + k);
    }
    Random coin = new Random(16);
    boolean allFirst = true;
    Random probe = new Random(16);
    for (int k = 0; k < 6; k++) {
      allFirst &= probe.nextBoolean();
    }
    Shift s = AaChecks.interleaved(t, coin);
    assertThat(s.significant()).isEqualTo(allFirst);
  }
}
