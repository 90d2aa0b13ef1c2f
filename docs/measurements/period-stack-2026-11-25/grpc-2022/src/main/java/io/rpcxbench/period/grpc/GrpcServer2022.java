package io.rpcxbench.period.grpc;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.rpcxbench.period.BenchCalls;
import io.rpcxbench.period.ServerArgs;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar grpc-2022.jar [--bind 127.0.0.1] [--port 8082]}: server-grpc's service on
 * grpc-java 1.45.1 as its examples start one, every setting at its default (Netty's shared event
 * loops, gRPC's default cached-thread-pool executor, no limits but its own 4 MiB message cap).
 * Prints {@code grpc-2022 listening on ADDR:PORT} when ready; stops on SIGTERM.
 */
public final class GrpcServer2022 {
  static final String NAME = "grpc-2022";

  private GrpcServer2022() {}

  public static void main(String[] args) throws Exception {
    ServerArgs options = ServerArgs.parse(NAME, 8082, args);
    InetSocketAddress address =
        new InetSocketAddress(InetAddress.getByName(options.bind()), options.port());
    Server server =
        NettyServerBuilder.forAddress(address)
            .addService(new BenchService2022(new BenchCalls()))
            .build()
            .start();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.shutdown();
                  try {
                    server.awaitTermination(5, TimeUnit.SECONDS);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }));
    System.out.println(ServerArgs.readyLine(NAME, options.bind(), server.getPort()));
    server.awaitTermination();
  }
}
