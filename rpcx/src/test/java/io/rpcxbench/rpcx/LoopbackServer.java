package io.rpcxbench.rpcx;

import java.time.Duration;

/** A real RPCX server on a free loopback port and a client factory pointed at it. */
final class LoopbackServer implements AutoCloseable {
  final TestService service;
  final RpcxServer server;
  final RpcxClientFactory clients;

  LoopbackServer(TestService service, Duration callTimeout) {
    this.service = service;
    this.server = RpcxServer.builder().bind("127.0.0.1").port(0).publish(service).build().start();
    this.clients = factory(server.port(), callTimeout);
  }

  LoopbackServer() {
    this(new TestService(), Duration.ofSeconds(30));
  }

  static RpcxClientFactory factory(int port, Duration callTimeout) {
    return RpcxClientFactory.builder()
        .property("test.port", String.valueOf(port))
        .callTimeout(callTimeout)
        .connectTimeout(Duration.ofSeconds(2))
        .build();
  }

  TestClient client() {
    return clients.create(TestClient.class);
  }

  @Override
  public void close() {
    service.release.countDown();
    clients.close();
    server.stop(Duration.ofSeconds(2));
  }
}
