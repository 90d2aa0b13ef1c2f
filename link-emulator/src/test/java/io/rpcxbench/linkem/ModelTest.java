package io.rpcxbench.linkem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The emulator's model tests in C (src/test/c/model_test.c: the delay line, jitter's distributions
 * by a Kolmogorov-Smirnov test, Bernoulli and Gilbert-Elliott loss, the rate limiter, queue limits,
 * outages, Mahimahi traces, netem's words), run by {@code make test} on a synthetic clock: no
 * devices, no root.
 */
class ModelTest {
  @Test
  void cModelTestsPass() throws Exception {
    Native.requireBuilt();
    Native.Result r =
        Native.run(300, List.of("make", "-s", "-C", Native.moduleDir().toString(), "test"));
    System.out.print(r.output());
    assertEquals(0, r.exitCode(), "make test failed:\n" + r.output());
  }
}
