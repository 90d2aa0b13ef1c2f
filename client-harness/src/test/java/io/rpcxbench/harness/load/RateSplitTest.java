package io.rpcxbench.harness.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcxbench.harness.config.RateSchedule;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** One fleet schedule split across client hosts, and the files it plans. */
class RateSplitTest {

  @Test
  void eachHostOffersItsShareOfEveryStep() {
    RateSchedule whole = RateSchedule.parse("3000:10s,6000:5s");

    RateSchedule share = RateSplit.share(whole, 3);

    assertThat(share.steps())
        .containsExactly(
            new RateSchedule.Step(1000, Duration.ofSeconds(10)),
            new RateSchedule.Step(2000, Duration.ofSeconds(5)));
    assertThat(share.expectedCalls() * 3).isEqualTo(whole.expectedCalls());
  }

  @Test
  void anUnevenSplitIsRoundedToAThousandthAndAddsUpWithinOnePercent() {
    RateSchedule share = RateSplit.share(RateSchedule.parse("1000:10s"), 3);

    assertThat(share.steps().get(0).rate()).isEqualTo(333.333);
    assertThat(share.toString()).isEqualTo("333.333:PT10S");
    assertThat(3 * share.meanRate())
        .isCloseTo(1000, org.assertj.core.data.Percentage.withPercentage(1));
  }

  @Test
  void oneHostOffersTheWhole() {
    assertThat(RateSplit.share(RateSchedule.parse("1000:10s"), 1).toString())
        .isEqualTo("1000:PT10S");
  }

  @Test
  void aShareBelowTheLeastRateIsRefused() {
    assertThatThrownBy(() -> RateSplit.share(RateSchedule.parse("2:10s"), 3))
        .hasMessage("rate 2 split across 3 hosts is 0.667 calls/s per host, below 1");
    assertThatThrownBy(() -> RateSplit.share(RateSchedule.parse("2:10s"), 0))
        .hasMessageContaining("--hosts must be at least 1");
  }

  @Test
  void plansEachHostsFileAndTheMergedOne() {
    Run r = run("--hosts", "3", "--protocol", "rpcx", "3000:10s", "1000:10s");

    assertThat(r.exit).isZero();
    assertThat(r.out.trim())
        .isEqualTo(
            "[{\"protocol\": \"rpcx\", \"fleet_rate_schedule\": \"3000:PT10S\","
                + " \"rate_schedule\": \"1000:PT10S\", \"calls\": 10000,"
                + " \"file\": \"rpcx/open-r1000-d10s.csv\","
                + " \"merged_file\": \"rpcx/open-r3000-d10s-x3.csv\"},"
                + " {\"protocol\": \"rpcx\", \"fleet_rate_schedule\": \"1000:PT10S\","
                + " \"rate_schedule\": \"333.333:PT10S\", \"calls\": 3334,"
                + " \"file\": \"rpcx/open-r333p333-d10s.csv\","
                + " \"merged_file\": \"rpcx/open-r1000-d10s-x3.csv\"}]");
  }

  @Test
  void poissonArrivalsAndStepsNameTheFiles() {
    Run r = run("--hosts", "2", "--protocol", "grpc", "--arrivals", "poisson", "500:10s,1000:10s");

    assertThat(r.out)
        .contains("\"file\": \"grpc/open-s250x10s-500x10s-poisson.csv\"")
        .contains("\"merged_file\": \"grpc/open-s500x10s-1000x10s-poisson-x2.csv\"");
  }

  @Test
  void badInputIsOneLineAndExitTwo() {
    Run r = run("--hosts", "3", "--protocol", "rpcx", "fast");

    assertThat(r.exit).isEqualTo(2);
    assertThat(r.err.trim()).startsWith("rate-split: --rate-schedule: 'fast' is not RATE:DURATION");
    assertThat(r.err.lines().count()).isEqualTo(1);
    assertThat(run("--hosts", "3", "--protocol", "rpcx", "--arrivals", "bursty", "9:1s").err)
        .contains("--arrivals is uniform or poisson, got bursty");
  }

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit =
        new CommandLine(new RateSplit())
            .setOut(new PrintWriter(out))
            .setErr(new PrintWriter(err))
            .execute(args);
    return new Run(exit, out.toString(), err.toString());
  }
}
