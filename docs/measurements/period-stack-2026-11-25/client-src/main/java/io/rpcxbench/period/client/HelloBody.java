package io.rpcxbench.period.client;

/**
 * The JSON bodies of server-openfeign's {@code POST /hello}: request {@code {"name":"bench"}},
 * reply {@code {"message":"hello, bench"}}. Java 8 beans (server-openfeign's are records).
 */
final class HelloBody {
  private HelloBody() {}

  /** Request body of POST /hello. */
  public static final class Request {
    private String name;

    public Request() {}

    Request(String name) {
      this.name = name;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }
  }

  /** Reply body of POST /hello. */
  public static final class Reply {
    private String message;

    public String getMessage() {
      return message;
    }

    public void setMessage(String message) {
      this.message = message;
    }
  }
}
