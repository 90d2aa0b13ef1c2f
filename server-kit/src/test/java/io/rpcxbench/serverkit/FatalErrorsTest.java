package io.rpcxbench.serverkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 59: direct memory running out fails a call; the heap running out ends the server. */
class FatalErrorsTest {
  @Test
  void directBufferMemoryDoesNotEndTheProcess() {
    assertThat(
            FatalErrors.endsProcess(
                new OutOfMemoryError(
                    "Cannot reserve 2097152 bytes of direct buffer memory (allocated: 65331480,"
                        + " limit: 67108864)")))
        .isFalse();
    assertThat(FatalErrors.endsProcess(new OutOfMemoryError("Direct buffer memory"))).isFalse();
    // Netty's OutOfDirectMemoryError (its constructor is not public): its message
    assertThat(
            FatalErrors.endsProcess(
                new OutOfMemoryError(
                    "failed to allocate 4194304 byte(s) of direct memory (used: 62914560, max:"
                        + " 67108864)")))
        .isFalse();
  }

  @Test
  void heapExhaustionAndOtherVirtualMachineErrorsEndIt() {
    assertThat(FatalErrors.endsProcess(new OutOfMemoryError("Java heap space"))).isTrue();
    assertThat(FatalErrors.endsProcess(new OutOfMemoryError("Metaspace"))).isTrue();
    assertThat(FatalErrors.endsProcess(new OutOfMemoryError())).isTrue();
    assertThat(FatalErrors.endsProcess(new StackOverflowError())).isTrue();
  }

  @Test
  void otherThrowablesDoNot() {
    assertThat(FatalErrors.endsProcess(new IllegalStateException("direct buffer memory")))
        .isFalse();
  }
}
