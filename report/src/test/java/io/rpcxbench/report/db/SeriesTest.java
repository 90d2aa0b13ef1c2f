package io.rpcxbench.report.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SeriesTest {

  @Test
  void aChainAndItsWorkAreASeriesOfTheirOwn() {
    Series single = Series.of(Map.of("requests_per", "thread"));
    Series chain = Series.of(Map.of("scenario", "chain", "work", "PT0S"));
    Series chainWork = Series.of(Map.of("scenario", "chain", "work", "PT0.1S"));
    Series cpuWork = Series.of(Map.of("scenario", "single", "work", "PT2S", "work_kind", "cpu"));

    assertThat(single.scenario()).isEqualTo("single");
    assertThat(chain.scenario()).isEqualTo("chain");
    assertThat(chainWork.scenario()).isEqualTo("chain w100ms");
    assertThat(cpuWork.scenario()).isEqualTo("single w2s cpu");
    assertThat(single).isNotEqualTo(chain);
    assertThat(chain).isNotEqualTo(chainWork);
    assertThat(chainWork.text()).endsWith(", scenario chain w100ms");
    assertThat(chainWork.slug()).endsWith("-chain_w100ms");
  }

  @Test
  void theDatabaseKeyReadsBackForEveryShape() {
    for (Series s :
        new Series[] {
          new Series("thread", "hello", "a", "1mbit"),
          new Series("total", "echo", "", "", "open"),
          new Series("thread", "hello", "a", "", Series.CLOSED, "chain w100ms"),
          new Series("thread", "hello", "a", "", "in-flight", "chain")
        }) {
      assertThat(Series.parse(s.key())).isEqualTo(s);
    }
    assertThat(new Series("thread", "hello", "a", "1mbit").key()).isEqualTo("thread|hello|a|1mbit");
  }

  @Test
  void identityKeysBeyondTheNamedOnesJoinTheSeriesWhenNotTheirDefault() {
    Series echo =
        Series.of(
            Map.of(
                "call",
                "echo",
                "payload_bytes",
                "1024",
                "load_model",
                "open",
                "arrivals",
                "poisson",
                "threads",
                "8",
                "requests",
                "100"));
    assertThat(echo.payloadBytes()).isEqualTo(1024);
    assertThat(echo.items()).isZero();
    assertThat(echo.others()).containsOnlyKeys("payload_bytes", "arrivals");
    assertThat(echo.key())
        .isEqualTo("thread|echo|||open|single|arrivals=poisson|payload_bytes=1024");
    assertThat(Series.parse(echo.key())).isEqualTo(echo);
    assertThat(echo.text()).endsWith(", arrivals poisson, payload_bytes 1024");
    assertThat(echo.slug()).endsWith("-arrivals-poisson-payload_bytes-1024");
    assertThat(Series.of(Map.of("call", "echo", "payload_bytes", "0")).others()).isEmpty();
  }
}
