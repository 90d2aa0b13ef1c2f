package io.rpcxbench.testsupport;

import io.rpcxbench.testsupport.AttackContract.Attack;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How many of an attack's connections a server still has open a while after they were opened
 * ({@code -Dattack.openAt}): one more attack, held that long, counted by its own {@link
 * Attack#closedByServer()}; the ATTACK line's last part.
 */
final class StillOpen {
  private StillOpen() {}

  /**
   * {@code "; attack connections still open at S s: N of M"} ({@code ?}: the attack cannot tell).
   */
  static String after(int seconds, Supplier<Attack> attacks, int port) throws Exception {
    try (Attack attack = attacks.get()) {
      int opened = attack.start("127.0.0.1", port);
      Thread.sleep(seconds * 1000L); // the hold is what is measured: the server's deadlines act
      int closed = attack.closedByServer();
      return String.format(
          Locale.ROOT,
          "; attack connections still open at %d s: %s of %d",
          seconds,
          closed < 0 ? "?" : String.valueOf(opened - closed),
          opened);
    }
  }
}
