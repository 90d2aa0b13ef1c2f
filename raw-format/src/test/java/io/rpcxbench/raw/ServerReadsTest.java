package io.rpcxbench.raw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Whether a server's counted reads carried its calls: read(2) servers yes, recv(2) servers no. */
class ServerReadsTest {
  private static RunRow run(long calls, Map<String, String> extra) {
    return RunRow.measured(77, 1, 100, 1, 1000, calls, 0, new Histogram(3)).withExtra(extra);
  }

  @Test
  void aServerThatReadWhatTheClientSentIsCounted() {
    // rpcx's server in met-250ms: 114,434 bytes read against 88,449 acknowledged
    RunRow rpcx = run(2889, Map.of("server_bytes_in", "114434", "bytes_to_server", "88449"));
    assertThat(ServerReads.of(List.of(rpcx))).isEqualTo(ServerReads.COUNTED);
  }

  @Test
  void aServerReadingWithRecvIsNot() {
    // grpc-tuned's server in met-250ms: 30,609 bytes counted against 118,612 acknowledged
    RunRow grpc = run(2889, Map.of("server_bytes_in", "30609", "bytes_to_server", "118612"));
    assertThat(ServerReads.of(List.of(grpc))).isEqualTo(ServerReads.NOT_COUNTED);
  }

  @Test
  void withoutTheAcknowledgedCountTheSmallestRequestDecides() {
    assertThat(ServerReads.of(List.of(run(100, Map.of("server_bytes_in", "800")))))
        .isEqualTo(ServerReads.COUNTED);
    assertThat(ServerReads.of(List.of(run(100, Map.of("server_bytes_in", "799")))))
        .isEqualTo(ServerReads.NOT_COUNTED);
  }

  @Test
  void aRunWithoutTheFigureOrWithoutCallsCountsNothing() {
    RunRow counted = run(100, Map.of("server_bytes_in", "5000"));
    assertThat(ServerReads.of(List.of(counted, run(100, Map.of("server_bytes_in", "")))))
        .isEqualTo(ServerReads.NOT_MEASURED);
    assertThat(ServerReads.of(List.of(counted, run(100, Map.of()))))
        .isEqualTo(ServerReads.NOT_MEASURED);
    assertThat(ServerReads.of(List.of(run(0, Map.of("server_bytes_in", "5000")))))
        .isEqualTo(ServerReads.NOT_MEASURED);
    assertThat(ServerReads.of(List.of())).isEqualTo(ServerReads.NOT_MEASURED);
  }
}
