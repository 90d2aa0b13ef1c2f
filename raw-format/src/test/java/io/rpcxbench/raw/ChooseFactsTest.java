package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.raw.ChooseFacts.Key;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChooseFactsTest {
  @TempDir Path dir;

  @Test
  void whatTheHarnessWritesTheReportReadsBack() throws Exception {
    ChooseFacts.empty()
        .put(Key.WORKLOAD, "items(10)")
        .put(Key.SLO, "p99<=5ms")
        .put(Key.SLO_LIMIT_US, "5000")
        .put(Key.STOPPED_UNFINISHED, "round 2 of grpc: cut = after 3 probes\nand more")
        .thresholds(List.of("capacity>20000", "p99<5ms"))
        .write(dir);
    ChooseFacts f = ChooseFacts.read(dir);
    assertThat(f.text(Key.WORKLOAD, "")).isEqualTo("items(10)");
    assertThat(f.number(Key.SLO_LIMIT_US)).isEqualTo(5000.0);
    assertThat(f.integer(Key.SLO_LIMIT_US)).isEqualTo(5000);
    assertThat(f.number(Key.ALPHA)).isNull();
    assertThat(f.text(Key.STOPPED_UNFINISHED, ""))
        .isEqualTo("round 2 of grpc: cut = after 3 probes\nand more");
    assertThat(f.thresholds()).containsExactly("capacity>20000", "p99<5ms");
    assertThat(f.asMap()).containsEntry("threshold.2", "p99<5ms").containsEntry("slo", "p99<=5ms");
    assertThat(Files.readString(dir.resolve(ChooseFacts.FILE))).doesNotContain("#2026");
  }

  @Test
  void aBadNumberIsOneLineAndAMissingFileSaysSo() throws Exception {
    ChooseFacts.empty().put(Key.SHARED_RATE, "fast").write(dir);
    assertThatThrownBy(() -> ChooseFacts.read(dir).number(Key.SHARED_RATE))
        .hasMessage("choose.properties: shared_rate 'fast' is not a number");
    assertThatThrownBy(() -> ChooseFacts.read(dir.resolve("none")))
        .hasMessageEndingWith("is missing (rpcx-bench choose writes it first)");
    assertThat(ChooseFacts.readOrEmpty(dir.resolve("none")).asMap()).isEmpty();
  }
}
