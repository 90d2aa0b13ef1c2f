package io.rpcxbench.protocols.grpcstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.Test;

/** The server's command line in-process, as {@code main} builds it. */
class GrpcStreamServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return GrpcStreamServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return GrpcStreamServerMain.starter(options);
  }

  private final GrpcStreamServerMain.Options options = new GrpcStreamServerMain.Options();

  @Override
  protected Object[] ownOptions() {
    return new Object[] {options};
  }

  @Test
  void helpNamesTheOwnOption() {
    assertThat(run(command(), "--help")).isZero();
    assertThat(out()).contains("--direct-executor");
  }
}
