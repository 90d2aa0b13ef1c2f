package io.rpcxbench.runner.choose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger as a rerun finds it: rows and settings read back as written. */
class ChooseLedgerTest {
  @TempDir Path dir;

  @Test
  void rowsAndSettingsReadBackAsWritten() throws Exception {
    ChooseLedger ledger = ChooseLedger.open(dir);
    ledger.add(
        new ChooseLedger.Row(1, "rpcx", 20480, 21299, 9, "server", "at 21299/s: p99 6ms > 5ms"));
    ledger.add(new ChooseLedger.Row(1, "http-json", 0, 10, 8, "", "at 10/s:\tslow"));
    ledger.add(new ChooseLedger.Row(2, "rpcx", 19000, 0, 5, "client", ""));
    io.rpcxbench.raw.ChooseFacts.empty()
        .put(io.rpcxbench.raw.ChooseFacts.Key.WORKLOAD, "items(10)")
        .put(io.rpcxbench.raw.ChooseFacts.Key.SLO, "p99<=5ms")
        .thresholds(List.of("capacity>20000"))
        .write(dir);

    assertThat(Files.readAllLines(dir.resolve("capacity.tsv")))
        .containsExactly(
            ChooseLedger.HEADER,
            "1\trpcx\t20480\t21299\t9\tserver\tat 21299/s: p99 6ms > 5ms",
            "1\thttp-json\t0\t10\t8\t\tat 10/s: slow",
            "2\trpcx\t19000\t\t5\tclient\t");
    ChooseLedger again = ChooseLedger.open(dir);
    assertThat(again.rows()).hasSize(3);
    assertThat(again.find(2, "rpcx")).isPresent();
    assertThat(again.find(2, "http-json")).isEmpty();
    assertThat(again.capacities("rpcx")).containsExactly(20480, 19000);
    assertThat(ChooseLedger.readSettings(dir))
        .containsEntry("workload", "items(10)")
        .containsEntry("slo", "p99<=5ms")
        .containsEntry("threshold.1", "capacity>20000");
    assertThat(dir).isDirectoryNotContaining("glob:**.tmp");
  }
}
