package io.rpcxbench.harness.testplugin;

import io.rpcxbench.api.BenchContract;
import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.spi.ServerLaunch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A protocol plugin for the SPI tests, outside the harness's package so that only the public SPI is
 * used: one text line per call over TCP ("H name" -> "hello, name"; "E base64" -> the same base64),
 * one shared socket, calls serialised. {@link Server} is its real server.
 */
public final class LineProtocol implements ProtocolProvider {
  public static final String ID = "line";
  public static final int TYPE = 99;

  /** Nothing listens on port 1 in the tests. */
  public static final int DEFAULT_PORT = 1;

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String label() {
    return "line test protocol";
  }

  /** No server jar: its server runs inside the test ({@link Server}). */
  @Override
  public ServerLaunch server() {
    return new ServerLaunch("", java.util.List.of(), "the test's own in-JVM server");
  }

  @Override
  public int type() {
    return TYPE;
  }

  @Override
  public int defaultPort() {
    return DEFAULT_PORT;
  }

  @Override
  public BenchClient open(ClientOptions options) {
    return new Client(options);
  }

  private static final class Client implements BenchClient {
    private final ClientOptions options;
    private Socket socket;
    private BufferedReader in;
    private OutputStream out;

    Client(ClientOptions options) {
      this.options = options;
    }

    @Override
    public String hello(String name) {
      return call("H " + name);
    }

    @Override
    public byte[] echo(byte[] payload) {
      return Base64.getDecoder().decode(call("E " + Base64.getEncoder().encodeToString(payload)));
    }

    /**
     * The line protocol has no put: the key goes through echo, which is enough for the SPI tests.
     */
    @Override
    public boolean put(String key, byte[] value) {
      return key.equals(call("H " + key).substring("hello, ".length()));
    }

    @Override
    public java.util.List<io.rpcxbench.api.Item> items(int n) {
      throw new UnsupportedOperationException("the line test protocol serves no items");
    }

    private synchronized String call(String line) {
      try {
        if (socket == null) {
          Socket s = new Socket();
          s.connect(
              new InetSocketAddress(options.host(), options.port()),
              (int) options.connectTimeout().toMillis());
          s.setSoTimeout((int) options.callTimeout().toMillis());
          socket = s;
          in =
              new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
          out = s.getOutputStream();
        }
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        String reply = in.readLine();
        if (reply == null) {
          throw new IOException("connection closed");
        }
        return reply;
      } catch (IOException e) {
        close();
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public String describe() {
      return "line protocol to "
          + options.target()
          + ", "
          + options.threads()
          + " threads, timeout "
          + options.callTimeout();
    }

    @Override
    public synchronized void close() {
      if (socket != null) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // closing anyway
        }
        socket = null;
      }
    }
  }

  /** The line protocol's server on loopback, a thread per connection. */
  public static final class Server implements AutoCloseable {
    private final ServerSocket listener;

    public Server() throws IOException {
      listener = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(this::accept, "line-accept");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    public int port() {
      return listener.getLocalPort();
    }

    private void accept() {
      while (!listener.isClosed()) {
        try {
          Socket s = listener.accept();
          Thread t = new Thread(() -> serve(s), "line-conn");
          t.setDaemon(true);
          t.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private static void serve(Socket s) {
      try (s;
          BufferedReader in =
              new BufferedReader(
                  new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
        OutputStream out = s.getOutputStream();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          String body = line.substring(2);
          String reply = line.startsWith("H ") ? BenchContract.helloReply(body) : body;
          out.write((reply + "\n").getBytes(StandardCharsets.UTF_8));
          out.flush();
        }
      } catch (IOException e) {
        // client gone
      }
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }
}
