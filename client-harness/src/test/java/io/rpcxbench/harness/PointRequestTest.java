package io.rpcxbench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.config.TimeLimitPer;
import io.rpcxbench.spi.ClientTls;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PointRequestTest {
  private static PointBuilder echo() {
    return HarnessPoints.point("rpcx")
        .closed(4, 100)
        .out(Path.of("/r/raw"))
        .options(List.of("--call", "echo", "--payload", "256"));
  }

  @Test
  void aRequestIsParsedOnceAndTellsItsFileAndAFailedPointsKeys() {
    PointRequest r = echo().request();
    assertThat(r.resultFile()).isEqualTo(Path.of("/r/raw/rpcx/echo-p256-t4-r100.csv"));
    assertThat(r.failedPointKeys(Instant.parse("2026-11-29T07:00:00Z"), "-Xmx1g"))
        .containsEntry("call", "echo")
        .containsEntry("payload_bytes", "256")
        .containsEntry("scenario", "single");
  }

  @Test
  void itsArgumentsAreTheHarnessesOwnWriterAndReadBackToThemselves() {
    PointRequest r =
        echo()
            .runs(3)
            .target("198.18.0.2", 43117)
            .timeLimit(Duration.ofSeconds(90), TimeLimitPer.RUN)
            .fact("network_profile", "lan")
            .request();
    // every option with its value, as the harness's forks get them (RunConfig.toArgs)
    assertThat(r.args())
        .containsSubsequence("--protocol", "rpcx")
        .containsSubsequence("--threads", "4", "--requests", "100")
        .containsSubsequence("--runs", "3")
        .containsSubsequence("--host", "198.18.0.2")
        .containsSubsequence("--port", "rpcx=43117")
        .containsSubsequence("--time-limit-per", "run")
        .containsSubsequence("--provenance", "network_profile=lan")
        .contains("--warmup", "--timeout");
    assertThat(HarnessPoints.request(r.args()).args()).isEqualTo(r.args());
  }

  @Test
  void theConsolesOptionsAndThresholdsAreKeptAsGiven() {
    PointRequest r =
        echo()
            .options(List.of("--no-live", "--threshold", "p99<5ms", "--metrics", "prometheus:0"))
            .request();
    assertThat(r.args())
        .contains("--no-live")
        .containsSubsequence("--threshold", "p99<5ms")
        .containsSubsequence("--metrics", "prometheus:0");
  }

  @Test
  void itsOpenLoopsInFlightCapIsTheHarnessesDefaultOrTheOneGiven() {
    PointBuilder rate =
        HarnessPoints.point("rpcx").rate(10, Duration.ofSeconds(1)).out(Path.of("/r/raw"));
    int byDefault = rate.copy().request().maxInFlight();
    assertThat(byDefault).isPositive();
    assertThat(rate.copy().maxInFlight(7).request().maxInFlight()).isEqualTo(7);
  }

  @Test
  void aCapSetByTheRunnerReplacesTheOneTheOptionsGiveInEitherSpelling() {
    for (List<String> given :
        List.of(List.of("--max-in-flight", "256"), List.of("--max-in-flight=300"))) {
      PointBuilder point =
          HarnessPoints.point("rpcx").rate(10, Duration.ofSeconds(1)).options(given);
      assertThat(point.copy().request().maxInFlight()).isIn(256, 300);
      assertThat(point.maxInFlight(1024).request().maxInFlight()).isEqualTo(1024);
    }
    assertThat(
            PointBuilder.withoutOption(
                List.of("--max-in-flight", "256", "-x", "--max-in-flight=3"), "--max-in-flight"))
        .containsExactly("-x");
  }

  @Test
  void tlsGivesTheAuthorityAndWithMutualTlsTheClientsPair() {
    PointBuilder trusting = echo().tls(ClientTls.trusting(Path.of("/t/ca.pem")));
    assertThat(trusting.args())
        .containsSubsequence("--tls-ca", "/t/ca.pem")
        .doesNotContain("--tls-cert");
    PointBuilder mutual =
        echo()
            .tls(
                new ClientTls(
                    Path.of("/t/ca.pem"), Path.of("/t/client.pem"), Path.of("/t/client-key.pem")));
    assertThat(mutual.args())
        .containsSubsequence("--tls-cert", "/t/client.pem", "--tls-key", "/t/client-key.pem");
  }

  @Test
  void aCopyChangesApartFromItsOriginal() {
    PointBuilder original = echo();
    PointBuilder copy = original.copy().awaitRelease(Path.of("/r/go")).ownPid(42);
    assertThat(copy.args()).containsSubsequence("--await-release", "/r/go");
    assertThat(copy.args()).containsSubsequence("--own-pid", "42");
    assertThat(original.args()).doesNotContain("--await-release", "--own-pid");
  }

  @Test
  void badArgumentsAreTheHarnessesUsageErrorBeforeAnyWork() {
    assertThatThrownBy(
            () -> HarnessPoints.point("rpcx").options(List.of("--threads", "1")).request())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("--requests");
  }
}
