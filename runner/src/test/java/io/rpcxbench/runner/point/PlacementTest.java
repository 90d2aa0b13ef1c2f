package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlacementTest {
  @Test
  void twoCpusPutTheServersOnOneAndTheClientOnTheOther() {
    Placement p = Placement.plan(2, true);
    assertThat(p.serverPrefix()).containsExactly("taskset", "-c", "1");
    assertThat(p.clientPrefix()).containsExactly("taskset", "-c", "0");
    assertThat(p.serverCores()).isEqualTo(1);
    assertThat(p.text()).isEqualTo("taskset: servers on CPU 1, client on CPU 0");
  }

  @Test
  void moreCpusAreSplitInHalves() {
    Placement p = Placement.plan(8, true);
    assertThat(p.serverCpus()).isEqualTo("4-7");
    assertThat(p.clientCpus()).isEqualTo("0-3");
    assertThat(p.serverCores()).isEqualTo(4);
    assertThat(Placement.plan(3, true).serverCpus()).isEqualTo("1-2");
  }

  @Test
  void oneCpuOrNoTasksetPinsNothing() {
    for (Placement p : new Placement[] {Placement.plan(1, true), Placement.plan(4, false)}) {
      assertThat(p.pinned()).isFalse();
      assertThat(p.serverPrefix()).isEmpty();
      assertThat(p.clientPrefix()).isEmpty();
      assertThat(p.text()).isEqualTo("not pinned (no taskset or a single CPU)");
      assertThat(p.serverCores()).isEqualTo(p.cpus());
    }
  }

  @Test
  void unpinnedByChoiceSaysWhoChoseIt() {
    Placement p = Placement.here(Placement.Mode.unpinned);
    assertThat(p.pinned()).isFalse();
    assertThat(p.serverPrefix()).isEmpty();
    assertThat(p.clientPrefix()).isEmpty();
    assertThat(p.serverCores()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(p.text()).isEqualTo("not pinned (--placement unpinned)");
    assertThat(Placement.plan(1, true).text()).isEqualTo("not pinned (no taskset or a single CPU)");
  }
}
