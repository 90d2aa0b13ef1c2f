package io.rpcxbench.runner.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class QuietMachineTest {
  private static final String BEFORE =
      "cpu  1000 0 500 8000 100 0 0 50 0 0\ncpu0 500 0 250 4000 50 0 0 25 0 0\n"
          + "cpu1 500 0 250 4000 50 0 0 25 0 0\nintr 1\n";

  @Test
  void busyIsEverythingButIdleAndIowaitOverEveryCpu() {
    long[] t = QuietMachine.ticks(BEFORE);
    assertThat(t).containsExactly(1550, 9650, 2);
  }

  @Test
  void theCoresBusyBetweenTwoReadings() {
    long[] before = QuietMachine.ticks(BEFORE);
    // 100 ticks passed on 2 CPUs: 30 busy (user 20, system 10), 70 idle: 0.6 of a core
    String after =
        "cpu  1020 0 510 8070 100 0 0 50 0 0\ncpu0 1 0 0 0 0 0 0 0 0 0\ncpu1 1 0 0 0 0 0 0 0 0 0\n";
    assertThat(QuietMachine.busyCores(before, QuietMachine.ticks(after)))
        .isCloseTo(0.6, within(1e-9));
  }

  @Test
  void aWaitSaysWhetherItFoundTheMachineQuiet() {
    assertThat(new QuietMachine.Wait(250, 0.05, true).text())
        .isEqualTo("quiet after 250 ms (0.05 cores busy)");
    assertThat(new QuietMachine.Wait(15000, 0.9, false).text())
        .isEqualTo("not quiet after 15000 ms (0.90 cores busy): released anyway");
  }
}
