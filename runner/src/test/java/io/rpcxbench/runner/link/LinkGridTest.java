package io.rpcxbench.runner.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LinkGridTest {
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyCombinationOfTheAxesIsAConditionNamedAsADerivedProfile() {
    LinkGrid g = LinkGrid.parse(List.of("rtt=0.1ms,10ms", "loss=0%,1%"), "lan", HOME);
    assertThat(g.names())
        .containsExactly(
            "lan+rtt=0.1ms+loss=0%",
            "lan+rtt=10ms+loss=0%", "lan+rtt=0.1ms+loss=1%", "lan+rtt=10ms+loss=1%");
  }

  @Test
  void mapTsvHoldsTheValuesEachLinkWasSetToAndARefinementIsAddedOnce(@TempDir Path out)
      throws Exception {
    LinkGrid g = LinkGrid.parse(List.of("rtt=1ms,10ms"), "wan", HOME);
    assertThat(g.refine("wan+rtt=1ms", "rtt", "3.2")).isEqualTo("wan+rtt=3.2ms");
    assertThat(g.refine("wan+rtt=1ms", "rtt", "3.2")).isNull(); // there already
    assertThat(g.refine("wan+rtt=2ms", "rtt", "3.2")).isNull(); // no such condition
    g.note("wan+rtt=10ms", "nothing searched: the link's round trip alone takes the SLO");
    g.write(out);
    assertThat(Files.readAllLines(out.resolve(LinkGrid.FILE)))
        .containsExactly(
            "# rpcx-bench choose --across: the link conditions of this map",
            "# axes: rtt",
            "condition\trtt_ms\tloss_pct\trate_mbit\tjitter_ms\tsource\tnote",
            "wan+rtt=1ms\t1\t0\t100\t2\tgrid\t",
            "wan+rtt=10ms\t10\t0\t100\t2\tgrid\tnothing searched: the link's round trip alone"
                + " takes the SLO",
            "wan+rtt=3.2ms\t3.2\t0\t100\t2\trefined\t");
  }

  @Test
  void aBadAxisOrValueIsRefusedBeforeAnyWork() {
    assertThatThrownBy(() -> LinkGrid.parse(List.of("speed=1ms"), "lan", HOME))
        .hasMessageStartingWith("--across must look like rtt=0.1ms,1ms,10ms");
    assertThatThrownBy(() -> LinkGrid.parse(List.of("rtt=1ms", "rtt=2ms"), "lan", HOME))
        .hasMessage("--across names rtt twice");
    assertThatThrownBy(() -> LinkGrid.parse(List.of("rtt=1ms,fast"), "lan", HOME))
        .hasMessageStartingWith("rtt must look like 20ms");
    assertThatThrownBy(() -> LinkGrid.parse(List.of("loss=1ms"), "lan", HOME))
        .hasMessageStartingWith("loss must look like 1%");
    assertThatThrownBy(() -> LinkGrid.parse(List.of("rtt=1ms"), "mars", HOME))
        .hasMessageStartingWith("unknown --profile 'mars'");
  }
}
