package io.rpcxbench.server.openfeign.json;

/**
 * JSON bodies of {@code POST /hello}: request {@code {"name":"world"}}, reply {@code
 * {"message":"hello, world"}}.
 */
public final class HelloBody {
  private HelloBody() {}

  /** Request body of POST /hello; a null or absent name is refused with 400. */
  public record Request(String name) {}

  /** Reply body of POST /hello. */
  public record Reply(String message) {}
}
