package io.rpcxbench.period;

/**
 * The period servers' command line: {@code [--bind ADDR] [--port N]} (also {@code --port=N});
 * {@code --port 0} takes a free port, which the ready line names.
 */
public final class ServerArgs {
  private final String bind;
  private final int port;

  private ServerArgs(String bind, int port) {
    this.bind = bind;
    this.port = port;
  }

  /** Parses the arguments; exits with code 2 and a usage line on anything else. */
  public static ServerArgs parse(String server, int defaultPort, String[] args) {
    String bind = "127.0.0.1";
    int port = defaultPort;
    try {
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        String value = null;
        int eq = arg.indexOf('=');
        if (eq > 0) {
          value = arg.substring(eq + 1);
          arg = arg.substring(0, eq);
        }
        if (arg.equals("--bind")) {
          bind = value != null ? value : args[++i];
        } else if (arg.equals("--port")) {
          port = Integer.parseInt(value != null ? value : args[++i]);
        } else {
          throw new IllegalArgumentException("unknown option " + arg);
        }
      }
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("port out of range: " + port);
      }
    } catch (RuntimeException e) {
      System.err.println(server + ": " + e.getMessage());
      System.err.println("Usage: java -jar " + server + ".jar [--bind ADDR] [--port N]");
      System.exit(2);
    }
    return new ServerArgs(bind, port);
  }

  public String bind() {
    return bind;
  }

  public int port() {
    return port;
  }

  /** The ready line every script waits for: {@code <server> listening on ADDR:PORT}. */
  public static String readyLine(String server, String bind, int port) {
    return server + " listening on " + bind + ":" + port;
  }
}
