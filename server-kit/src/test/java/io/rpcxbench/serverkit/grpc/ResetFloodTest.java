package io.rpcxbench.serverkit.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ResetFloodTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final ResetFlood flood = new ResetFlood(now::get);
  private final SocketAddress attacker = address(10, 1);
  private final SocketAddress other = address(10, 2);

  @Test
  void aConnectionPassesTheLimitAtGrpcsCountInOneWindow() {
    ResetFlood.Counter resets = flood.counter();
    for (int i = 0; i < GrpcLimits.MAX_RST_PER_WINDOW; i++) {
      assertThat(openAndReset(resets, 1 + 2 * i)).as("reset %d", i + 1).isFalse();
    }
    assertThat(openAndReset(resets, 1_000_001)).isTrue();
  }

  @Test
  void aNewWindowStartsTheCountAgain() {
    ResetFlood.Counter resets = flood.counter();
    for (int i = 0; i < GrpcLimits.MAX_RST_PER_WINDOW; i++) {
      openAndReset(resets, 1 + 2 * i);
    }
    later(GrpcLimits.RST_WINDOW_SECONDS + 1);
    assertThat(openAndReset(resets, 1_000_001)).isFalse();
  }

  @Test
  void aCancelledCallWhoseRequestWasSentIsNotCounted() {
    ResetFlood.Counter resets = flood.counter();
    for (int i = 0; i <= 3 * GrpcLimits.MAX_RST_PER_WINDOW; i++) {
      resets.opened(1 + 2 * i);
      resets.halfClosed(1 + 2 * i); // the request's last DATA: END_STREAM
      assertThat(resets.reset(1 + 2 * i)).isFalse();
    }
    assertThat(resets.reset(7)).as("a stream never opened").isFalse();
  }

  @Test
  void theOpenStreamsRememberedAreBounded() {
    ResetFlood.Counter resets = flood.counter();
    int max = 2 * GrpcLimits.MAX_CALLS_PER_CONNECTION;
    for (int i = 0; i <= max; i++) {
      resets.opened(1 + 2 * i);
    }
    for (int i = 0; i < GrpcLimits.MAX_RST_PER_WINDOW; i++) {
      resets.reset(1 + 2 * i); // stream 1 was forgotten, the others count
    }
    assertThat(openAndReset(resets, 1_000_001)).isFalse();
    assertThat(openAndReset(resets, 1_000_003)).isTrue();
  }

  @Test
  void anAddressThatNeverOffendedIsReadAtOnce() {
    assertThat(flood.holdMillis(attacker)).isZero();
  }

  @Test
  void theHoldDoublesWithEachOffenceUpToItsMaximum() {
    long[] holds = new long[7];
    for (int i = 0; i < holds.length; i++) {
      flood.offended(attacker);
      holds[i] = flood.holdMillis(attacker);
      later(1);
    }
    assertThat(holds).containsExactly(1_000, 2_000, 4_000, 8_000, 16_000, 16_000, 16_000);
    assertThat(flood.holdMillis(other)).isZero();
  }

  @Test
  void anOffenderIsForgottenAfterAQuietMinute() {
    flood.offended(attacker);
    flood.offended(attacker);
    later(ResetFlood.FORGET_SECONDS + 1);
    assertThat(flood.holdMillis(attacker)).isZero();
    flood.offended(attacker);
    assertThat(flood.holdMillis(attacker)).isEqualTo(ResetFlood.FIRST_HOLD_MILLIS);
  }

  @Test
  void theOldestOffendersAreForgottenPastTheMaximum() {
    for (int i = 0; i <= ResetFlood.MAX_ADDRESSES; i++) {
      flood.offended(address(11 + i / 65_536, i % 65_536));
    }
    assertThat(flood.offenders()).isEqualTo(ResetFlood.MAX_ADDRESSES);
    assertThat(flood.holdMillis(address(11, 0))).isZero();
    assertThat(flood.holdMillis(address(11, 1))).isPositive();
  }

  @Test
  void anAddressThatIsNotAnInternetOneIsIgnored() {
    SocketAddress local = new SocketAddress() {};
    flood.offended(local);
    assertThat(flood.holdMillis(local)).isZero();
    assertThat(flood.offenders()).isZero();
  }

  private static boolean openAndReset(ResetFlood.Counter resets, int stream) {
    resets.opened(stream);
    return resets.reset(stream);
  }

  private void later(long seconds) {
    now.addAndGet(TimeUnit.SECONDS.toNanos(seconds));
  }

  private static SocketAddress address(int b, int n) {
    try {
      return new InetSocketAddress(
          InetAddress.getByAddress(new byte[] {(byte) b, 0, (byte) (n >> 8), (byte) n}), 40_000);
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError(e);
    }
  }
}
