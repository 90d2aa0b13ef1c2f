package io.rpcxbench.protocols.resp;

import io.rpcxbench.serverkit.ServerDefinition;
import io.rpcxbench.serverkit.ServerStarter;
import io.rpcxbench.testsupport.ServerCommandContract;
import org.junit.jupiter.api.BeforeEach;

/**
 * The jar's command line with {@code --backend redis-server}, in-process: the kit's contract with a
 * real redis-server as the child (the ready line once it answers PING, its port for port 0, a busy
 * port reported as the kit reports one, TLS on redis-server's own tls-port). Skipped without
 * redis-server.
 */
class RespRedisServerMainTest extends ServerCommandContract {
  @BeforeEach
  void needsRedisServer() {
    RedisInstalled.assume();
  }

  @Override
  protected ServerDefinition definition() {
    return RespServerMain.REDIS_DEFINITION;
  }

  @Override
  protected ServerStarter starter() {
    return ServerStarter.secured(
        (bind, port, extra, limits, service, tls) ->
            RespServerMain.start(
                Backend.REDIS_SERVER, bind, port, limits, service, tls, code -> {}));
  }

  @Override
  protected Object[] ownOptions() {
    return new Object[] {new RespServerMain.Options()};
  }
}
