package io.rpcxbench.harness;

import static io.rpcxbench.harness.HarnessInvocation.args;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.harness.protocol.ProtocolCatalog;
import io.rpcxbench.spi.ProtocolProvider;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A host name that does not resolve fails every protocol the same way: one line naming the host,
 * exit 1, before any client is built (gRPC's resolver would log a stack trace of its own).
 */
class UnresolvableHostTest {
  /** RFC 2606: .invalid never resolves. */
  static final String HOST = "b.rpcx-bench.invalid";

  @TempDir Path out;

  @ParameterizedTest
  @ValueSource(strings = {"rpcx", "grpc", "grpc-tuned", "openfeign", "http-json", "resp", "thrift"})
  void isOneLineAndExitOne(String id) {
    ProtocolProvider protocol = ProtocolCatalog.onClassPath().find(id).orElseThrow();
    HarnessInvocation.Outcome o =
        HarnessInvocation.run(
            args("--protocol", id, "--threads", 1, "--requests", 1, "--host", HOST, "--out", out));

    assertThat(o.exitCode()).isEqualTo(1);
    assertThat(o.err())
        .isEqualTo(
            "cannot reach "
                + id
                + " server at "
                + HOST
                + ":"
                + protocol.defaultPort()
                + ": unknown host "
                + HOST
                + System.lineSeparator());
  }
}
