package io.rpcxbench.harness.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcxbench.harness.load.LoadRunner;
import io.rpcxbench.harness.output.RunResult;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A link-shaper proxy on this host carries loopback traffic that no interface counts: there the
 * bytes each side wrote are the link's, so a run that fills the proxy's 1 Mbit/s is limited by the
 * link (it said none before: the host's eth0 was counted).
 */
class ProxyLinkCounterTest {
  /** A server whose written bytes the test sets; nothing else of it is read. */
  private static final class Writing implements ProcessStats {
    final AtomicLong out = new AtomicLong();

    @Override
    public boolean resetPeak() {
      return false;
    }

    @Override
    public Sample sample() throws java.io.IOException {
      throw new java.io.IOException("not measured here");
    }

    @Override
    public Io io() {
      return new Io(0, 0, 0, out.get());
    }

    @Override
    public String describe() {
      return "a server writing";
    }
  }

  @Test
  void throughAProxyTheServersRepliesFillingTheRateAreTheLimit() {
    assumeTrue(new LinkCounter.ProcessIo().sample() != null, "skipped: no /proc/self/io here");
    Writing server = new Writing();
    LinkCounter link = LinkCounter.forLink("proxy", server);
    assertThat(link).isInstanceOf(LinkCounter.Writes.class);
    RunMeters meters = new RunMeters(null, LimitedBy.linkBitsPerSecond("1mbit"), link);
    meters.before();
    server.out.addAndGet(125_000); // a second's worth of 1 Mbit/s toward the client
    RunResult r = meters.after(RunResult.of(0, 1_000_000, 1, 0, LoadRunner.newHistogram(), null));

    assertThat(Double.parseDouble(r.extra().get("link_used"))).isGreaterThanOrEqualTo(0.99);
    assertThat(r.extra()).containsEntry("limited_by", "link");
    assertThat(meters.linkCounted()).contains("each side wrote");
  }

  @Test
  void anyOtherLinkIsCountedOnTheHostsInterfacesAsBefore() {
    assertThat(LinkCounter.forLink("packet", new Writing()))
        .isNotInstanceOf(LinkCounter.Writes.class);
    assertThat(LinkCounter.forLink("proxy", null)).isNotInstanceOf(LinkCounter.Writes.class);
  }
}
