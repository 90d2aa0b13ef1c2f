package io.rpcxbench.runner.point;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine's record of choose rounds: what the next choose forecasts its capacity from. */
class CapacityRoundsTest {
  @TempDir Path dir;

  private static Map<String, List<Integer>> of(Object... pairs) {
    Map<String, List<Integer>> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      @SuppressWarnings("unchecked")
      List<Integer> v = (List<Integer>) pairs[i + 1];
      m.put((String) pairs[i], v);
    }
    return m;
  }

  @Test
  void theSpreadIsOfThisWorkloadsRoundsWhenKeptElseOfEveryWorkloads() throws Exception {
    CapacityRounds rounds = new CapacityRounds(dir.resolve("cache/capacity-rounds-x.tsv"));
    assertThat(rounds.spread("echo")).isEmpty();
    Instant t = Instant.parse("2026-11-28T16:00:00Z");
    // rpcx moves +-10 % round to round, grpc +-10 %; a candidate met nowhere in a round is no
    // spread (left out), nor is one round
    rounds.add(
        t,
        "echo",
        of(
            "rpcx",
            List.of(90_000, 100_000, 110_000),
            "grpc",
            List.of(18_000, 20_000, 22_000),
            "http-json",
            List.of(0, 5_000, 6_000),
            "thrift",
            List.of(7_000)));
    rounds.add(t.plusSeconds(600), "items", of("rpcx", List.of(10_000, 20_000, 40_000)));

    CapacityRounds.Spread echo = rounds.spread("echo").orElseThrow();
    assertThat(echo.candidates()).isEqualTo(2);
    assertThat(echo.chooses()).isEqualTo(1);
    assertThat(echo.workload()).isEqualTo("echo");
    assertThat(echo.detectable().spread()).isBetween(0.09, 0.11);

    CapacityRounds.Spread other = rounds.spread("stream").orElseThrow();
    assertThat(other.workload()).isNull(); // none of its own: every workload's
    assertThat(other.candidates()).isEqualTo(3);
    assertThat(other.chooses()).isEqualTo(2);
    assertThat(other.detectable().spread()).isGreaterThan(echo.detectable().spread());
  }

  @Test
  void aRowCutShortIsSkippedAndOnlyTheNewestAreKept() throws Exception {
    Path file = dir.resolve("capacity-rounds-x.tsv");
    CapacityRounds rounds = new CapacityRounds(file);
    Instant t = Instant.parse("2026-11-28T16:00:00Z");
    for (int i = 0; i < CapacityRounds.KEEP + 5; i++) {
      rounds.add(t.plusSeconds(i), "echo", of("rpcx", List.of(100 + i, 110 + i)));
    }
    Files.writeString(
        file,
        "2026-11-28T17:00:00Z\techo\tgr",
        StandardCharsets.UTF_8,
        java.nio.file.StandardOpenOption.APPEND);
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).isEqualTo(CapacityRounds.HEADER);
    assertThat(lines).hasSize(CapacityRounds.KEEP + 2);
    assertThat(rounds.spread("echo").orElseThrow().candidates()).isEqualTo(CapacityRounds.KEEP);
    rounds.add(t.plusSeconds(9999), "echo", of("rpcx", List.of(1, 2)));
    assertThat(Files.readAllLines(file)).hasSize(CapacityRounds.KEEP + 1);
    assertThat(Files.readAllLines(file).get(1)).endsWith("\t106,116");
  }
}
