package io.rpcxbench.server.openfeign.json;

/**
 * JSON bodies of {@code POST /put}: request {@code {"key":"k","value":"<base64>"}}, reply {@code
 * {"ok":true}}.
 */
public final class PutBody {
  private PutBody() {}

  /** Request body of POST /put. */
  public record Request(String key, byte[] value) {}

  /** Reply body of POST /put. */
  public record Reply(boolean ok) {}
}
