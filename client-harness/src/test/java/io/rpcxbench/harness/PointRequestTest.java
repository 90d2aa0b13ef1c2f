package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PointRequestTest {
  private static final List<String> ECHO =
      List.of(
          "--protocol",
          "rpcx",
          "--threads",
          "4",
          "--requests",
          "100",
          "--call",
          "echo",
          "--payload",
          "256",
          "--out",
          "/r/raw");

  @Test
  void aRequestIsParsedOnceAndTellsItsFileAndAFailedPointsKeys() {
    PointRequest r = HarnessPoints.request(ECHO);
    assertThat(r.args()).isEqualTo(ECHO);
    assertThat(r.resultFile()).isEqualTo(Path.of("/r/raw/rpcx/echo-p256-t4-r100.csv"));
    assertThat(r.failedPointKeys(Instant.parse("2026-11-29T07:00:00Z"), "-Xmx1g"))
        .containsEntry("call", "echo")
        .containsEntry("payload_bytes", "256")
        .containsEntry("scenario", "single");
  }

  @Test
  void itsOpenLoopsInFlightCapIsTheHarnessesDefaultOrTheOneGiven() {
    List<String> rate =
        List.of("--protocol", "rpcx", "--rate", "10", "--duration", "1s", "--out", "/r/raw");
    int byDefault = HarnessPoints.request(rate).maxInFlight();
    assertThat(byDefault).isPositive();
    List<String> capped = new java.util.ArrayList<>(rate);
    capped.addAll(List.of("--max-in-flight", "7"));
    assertThat(HarnessPoints.request(capped).maxInFlight()).isEqualTo(7);
  }

  @Test
  void badArgumentsAreTheHarnessesUsageErrorBeforeAnyWork() {
    assertThatThrownBy(() -> HarnessPoints.request(List.of("--protocol", "rpcx", "--threads", "1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--requests");
  }
}
