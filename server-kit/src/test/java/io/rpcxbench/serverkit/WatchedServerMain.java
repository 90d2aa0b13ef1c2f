package io.rpcxbench.serverkit;

import java.net.InetAddress;
import java.net.ServerSocket;

/** A server on {@link ServerMain} for {@link ParentWatchTest}: a socket on a port, nothing more. */
public final class WatchedServerMain {
  private WatchedServerMain() {}

  public static void main(String[] args) {
    ServerMain.run(
        ServerDefinition.of("watched", 0, "A listening socket."),
        (bind, port, extra) -> {
          ServerSocket socket = new ServerSocket(port, 50, InetAddress.getByName(bind));
          return new RunningServer() {
            @Override
            public int port() {
              return socket.getLocalPort();
            }

            @Override
            public void close() {
              try {
                socket.close();
              } catch (java.io.IOException e) {
                // closed already
              }
            }
          };
        },
        args);
  }
}
