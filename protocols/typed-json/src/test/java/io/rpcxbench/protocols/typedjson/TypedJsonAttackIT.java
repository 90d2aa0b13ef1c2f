package io.rpcxbench.protocols.typedjson;

import io.rpcxbench.testsupport.AttackContract;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's attacks on the typed-json jar: a frame length of 1 MiB, then nothing; issue 48's:
 * 2,000 connections (4,000 with {@code -Dattack.unfinished=4000}) each holding 62 KiB of an
 * unfinished 1 MiB frame, which ran 64 MiB of direct memory out under the budget.
 */
class TypedJsonAttackIT extends AttackContract {
  private static final byte[] ANNOUNCING = {0, 0x10, 0, 0};

  TypedJsonAttackIT() {
    super("typed-json", ANNOUNCING);
  }

  @Test
  void unfinishedFramesOf62KiB() throws Exception {
    byte[] bytes = Arrays.copyOf(ANNOUNCING, ANNOUNCING.length + 62 * 1024);
    attack(
        "frames announcing 1 MiB, 62 KiB of each sent",
        holding(Integer.getInteger("attack.unfinished", 2000), bytes));
  }

  @Override
  protected byte[] oversizePrefix() {
    return new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff}; // a frame of 2 GiB - 1
  }
}
