package io.rpcxbench.protocols.resp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.Test;

/** Our server's command line in-process, as {@code main} builds it. */
class RespServerMainTest extends ServerCommandContract {
  @Override
  protected ServerDefinition definition() {
    return RespServerMain.DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return (bind, port, extra) -> RespServer.start(bind, port);
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {new RespServerMain.Options()};
  }

  @Test
  void theBackendOptionChoosesTheDefinitionBeforePicocliParses() {
    assertThat(RespServerMain.backendNamedIn(new String[] {"--port", "1"}))
        .isEqualTo(Backend.NETTY);
    assertThat(RespServerMain.backendNamedIn(new String[] {"--backend", "redis-server"}))
        .isEqualTo(Backend.REDIS_SERVER);
    assertThat(RespServerMain.backendNamedIn(new String[] {"--backend=redis-server"}))
        .isEqualTo(Backend.REDIS_SERVER);
    assertThat(RespServerMain.backendNamedIn(new String[] {"--backend", "nonsense"}))
        .isEqualTo(Backend.NETTY);
    assertThat(RespServerMain.REDIS_DEFINITION.id()).isEqualTo("resp-redis");
    assertThat(RespServerMain.REDIS_DEFINITION.defaultPort()).isEqualTo(8095);
  }

  @Test
  void anUnknownBackendIsAUsageError() {
    assertThat(run(command(), "--backend", "nonsense")).isEqualTo(2);
  }

  @Test
  void helpNamesTheBackends() {
    assertThat(run(command(), "--help")).isZero();
    assertThat(out()).contains("--backend=NAME").contains("redis-server");
  }
}
