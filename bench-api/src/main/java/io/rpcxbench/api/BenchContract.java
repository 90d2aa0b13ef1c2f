package io.rpcxbench.api;

/**
 * The facts every side of the benchmark agrees on: names on the wire, default ports, the reply
 * text. One place, so that the three protocols carry the same strings.
 */
public final class BenchContract {
  /** Published RPCX service name. */
  public static final String SERVICE = "bench";
  /** Published RPCX method names; also the HTTP paths {@code /hello} and {@code /echo}. */
  public static final String HELLO = "hello";
  public static final String ECHO = "echo";
  /** HTTP paths served for the OpenFeign client. */
  public static final String HTTP_HELLO_PATH = "/hello";
  public static final String HTTP_ECHO_PATH = "/echo";

  /** Default ports on host B. */
  public static final int RPCX_PORT = 8081;
  public static final int GRPC_PORT = 8082;
  public static final int OPENFEIGN_PORT = 8083;

  /** The paper's protocol type numbers (Fig. 7a "type"). */
  public static final int TYPE_RPCX = 1;
  public static final int TYPE_GRPC = 2;
  public static final int TYPE_OPENFEIGN = 3;

  private static final String HELLO_PREFIX = "hello, ";

  private BenchContract() {}

  /** The reply every protocol's hello returns. */
  public static String helloReply(String name) {
    return HELLO_PREFIX + name;
  }
}
