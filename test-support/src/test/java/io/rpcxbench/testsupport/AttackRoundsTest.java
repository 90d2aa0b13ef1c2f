package io.rpcxbench.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The rounds' rule against an honest caller whose calls take 2 ms, which an "attack" slows by a
 * factor while it is started: a round holds at half the calls before, a failing round is retried
 * with a fresh attack up to three times, and the best round counts. A busy box slows the attacked
 * server and the control's fresh server alike. Seconds here are 100 ms.
 */
class AttackRoundsTest {
  private static final long SECOND_MILLIS = 100;
  private static final long CALL_MICROS = 2_000;

  private volatile double slowdown = 1;
  private volatile double busyBox = 1;
  private final AtomicInteger controls = new AtomicInteger();
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger stopped = new AtomicInteger();

  private HonestCaller honest() {
    return HonestCaller.start(
        () -> {
          // a call's time at the server under test: slowed by the attack and by the box
          TimeUnit.MICROSECONDS.sleep((long) (CALL_MICROS * slowdown * busyBox));
          return true;
        });
  }

  /** A fresh server of the same build: slowed by the box, never by the attack. */
  private final AttackRounds.Control control =
      () -> {
        controls.incrementAndGet();
        return fresh(
            HonestCaller.start(
                () -> {
                  // a call's time at the fresh server: slowed by the box only
                  TimeUnit.MICROSECONDS.sleep((long) (CALL_MICROS * busyBox));
                  return true;
                }));
      };

  private AttackRounds run(HonestCaller honest, AttackRounds.Start start) throws Exception {
    return AttackRounds.run(honest, 0, start, control, SECOND_MILLIS);
  }

  /** An attack whose harm outlasts it: calls 5x slower during it, 3x after it. */
  private AttackRounds.Start lasting() {
    return () -> {
      started.incrementAndGet();
      slowdown = 5.0;
      return () -> slowdown = 3.0; // the server stays slower after the attack
    };
  }

  /** A control whose fresh server is called by {@code caller}. */
  private static AttackRounds.Fresh fresh(HonestCaller caller) {
    return new AttackRounds.Fresh() {
      @Override
      public HonestCaller honest() {
        return caller;
      }

      @Override
      public void close() throws InterruptedException {
        caller.close();
      }
    };
  }

  /** An attack that slows the calls by the round's factor while it runs. */
  private AttackRounds.Start slowingBy(double... perRound) {
    return () -> {
      int round = started.getAndIncrement();
      slowdown = perRound[Math.min(round, perRound.length - 1)];
      return () -> {
        slowdown = 1;
        stopped.incrementAndGet();
      };
    };
  }

  @Test
  void aHarmlessAttackHoldsInOneRound() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds = run(honest, slowingBy(1.0));
      assertThat(rounds.rounds()).hasSize(1);
      assertThat(rounds.held()).isTrue();
      assertThat(rounds.describe()).doesNotContain("rounds");
      rounds.assertHeld();
    }
    assertThat(stopped).hasValue(1);
  }

  @Test
  void anAttackThatCutsTheCallsToAFifthFailsEveryRound() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds = run(honest, slowingBy(5.0));
      assertThat(rounds.rounds()).hasSize(3);
      assertThat(rounds.rounds()).allSatisfy(r -> assertThat(r.percent()).isLessThan(50));
      assertThat(rounds.held()).isFalse();
      assertThatThrownBy(rounds::assertHeld)
          .hasMessageContaining("at least 50 %")
          .hasMessageContaining("in one of 3 rounds")
          .hasMessageContaining("rounds ");
    }
    assertThat(started).hasValue(3);
    assertThat(stopped).hasValue(3);
  }

  @Test
  void aRoundThatABusyMomentSpoiledIsRetriedAndTheBestCounts() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds = run(honest, slowingBy(5.0, 1.0));
      List<AttackRounds.Round> each = rounds.rounds();
      assertThat(each).hasSize(2);
      assertThat(each.get(0).held()).isFalse();
      assertThat(each.get(1).held()).isTrue();
      assertThat(rounds.counted()).isEqualTo(each.get(1));
      assertThat(rounds.describe()).startsWith(each.get(1).toString()).contains("; rounds ");
      rounds.assertHeld();
    }
  }

  /**
   * An attack whose harm outlasts it: the second round's baseline is the lowered rate, against
   * which the second round would pass. The first round's baseline still counts.
   */
  @Test
  void anAttackThatLeavesTheServerSlowerFailsThoughALaterRoundLooksHeld() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds = run(honest, lasting());
      assertThat(rounds.rounds()).hasSize(2);
      assertThat(rounds.rounds().get(1).held()).isTrue(); // against its own lowered rate
      assertThat(rounds.held()).isFalse();
      assertThat(rounds.comparison().slower()).isTrue();
      assertThatThrownBy(rounds::assertHeld)
          .hasMessageContaining("left the server slower")
          .hasMessageContaining("beside a fresh server");
    }
    assertThat(controls).hasValue(1);
  }

  /**
   * CI's case: the first baseline was a quiet moment, then the box got busy for the rest of the
   * test. The later baseline falls under half the first, but a fresh server in the same seconds is
   * as slow: the box, not the attack.
   */
  @Test
  void aBoxThatGotBusyIsNotALastingSlowdownWhenAFreshServerIsAsSlow() throws Exception {
    AttackRounds.Start busying =
        () -> {
          slowdown = started.getAndIncrement() == 0 ? 5.0 : 1.5;
          busyBox = 3.0; // a co-tenant from now on
          return () -> slowdown = 1.0;
        };
    try (HonestCaller honest = honest()) {
      AttackRounds rounds = run(honest, busying);
      assertThat(rounds.rounds()).hasSize(2);
      assertThat(rounds.rounds().get(1).before()).isLessThan(rounds.rounds().get(0).before() / 2);
      assertThat(rounds.comparison().slower()).isFalse();
      assertThat(rounds.held()).isTrue();
      assertThat(rounds.describe()).contains("beside a fresh server: attacked ");
      rounds.assertHeld();
    }
    assertThat(controls).hasValue(1);
  }

  @Test
  void aSuspectWithNoFreshServerToCompareStands() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds =
          AttackRounds.run(
              honest,
              0,
              lasting(),
              () -> {
                throw new IllegalStateException("port in use");
              },
              SECOND_MILLIS);
      assertThat(rounds.held()).isFalse();
      assertThatThrownBy(rounds::assertHeld)
          .hasMessageContaining("no fresh server to compare with")
          .hasMessageContaining("port in use");
    }
  }

  @Test
  void aFreshServerThatServesNothingClearsNoSuspect() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds =
          AttackRounds.run(
              honest,
              0,
              lasting(),
              () ->
                  fresh(
                      HonestCaller.start(
                          () -> {
                            Thread.sleep(1); // a call that takes its time and fails
                            return false;
                          })),
              SECOND_MILLIS);
      assertThat(rounds.held()).isFalse();
      assertThatThrownBy(rounds::assertHeld).hasMessageContaining("served no honest call");
    }
  }

  @Test
  void noControlIsStartedWithoutASuspect() throws Exception {
    try (HonestCaller honest = honest()) {
      AttackRounds rounds = run(honest, slowingBy(5.0, 1.0));
      assertThat(rounds.comparison()).isNull();
      rounds.assertHeld();
    }
    assertThat(controls).hasValue(0);
  }

  @Test
  void theLineIsHalfOfTheCallsBefore() {
    assertThat(new AttackRounds.Round(1000, 500).held()).isTrue();
    assertThat(new AttackRounds.Round(1000, 499).held()).isFalse();
    assertThat(new AttackRounds.Round(0, 0).held()).isFalse();
    assertThat(new AttackRounds.Round(1323, 270)).hasToString("1,323 / 270 (20 %)");
  }

  @Test
  void aServerThatServesNothingBeforeIsAnErrorNotAPass() throws Exception {
    try (HonestCaller failing =
        HonestCaller.start(
            () -> {
              Thread.sleep(1); // a call that takes its time and fails
              return false;
            })) {
      assertThatThrownBy(() -> run(failing, slowingBy(1.0)))
          .hasMessageContaining("honest calls before the attack");
    }
    assertThat(started).hasValue(0);
  }
}
