package io.rpcxbench.protocols.avro;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.ByteCountingProxy;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.util.function.IntFunction;

/** Helpers for the bad-input and bytes-on-the-wire tests of both protocols. */
final class RawBytes {
  private RawBytes() {}

  /**
   * Sends the bytes on a raw socket, then half-closes if asked; true when the server then closes.
   */
  static boolean sendAndAwaitClose(int port, byte[] bytes, boolean halfClose) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(bytes);
      out.flush();
      if (halfClose) {
        socket.shutdownOutput();
      }
      InputStream in = socket.getInputStream();
      try {
        while (in.read() >= 0) {
          // a reply (Avro's "system error") may come first; then the close
        }
        return true;
      } catch (SocketException reset) {
        return true;
      }
    }
  }

  /** Bytes of one put (64 B key, 512 B value) on a warm connection: {request, reply}. */
  static long[] wireBytesOfOnePut(
      ProtocolProvider provider,
      int serverPort,
      IntFunction<io.rpcxbench.spi.ClientOptions> options)
      throws Exception {
    try (ByteCountingProxy proxy = ByteCountingProxy.start(serverPort);
        BenchClient c = provider.open(options.apply(proxy.port()))) {
      byte[] value = new byte[BenchContract.DEFAULT_VALUE_BYTES];
      c.put(BenchContract.putKey("wire-", 1, BenchContract.DEFAULT_KEY_BYTES), value);
      long up = proxy.requestBytes();
      long down = proxy.replyBytes();
      c.put(BenchContract.putKey("wire-", 2, BenchContract.DEFAULT_KEY_BYTES), value);
      long[] bytes = {proxy.requestBytes() - up, proxy.replyBytes() - down};
      System.out.println(
          "wire bytes "
              + provider.id()
              + " put(64 B, 512 B): request "
              + bytes[0]
              + ", reply "
              + bytes[1]);
      return bytes;
    }
  }
}
