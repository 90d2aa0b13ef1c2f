package io.rpcxbench.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A harness JVM started before its point is known ({@link #OPTION} its only argument) reads the
 * point's arguments from its standard input, each ended by a NUL byte (as {@code xargs -0}), up to
 * the end of the input: the runner starts it while a server starts, then hands it the server's
 * port. No arguments at all: the point was not run, and the JVM exits.
 */
public final class StdinArguments {
  /** The one argument of a JVM that reads its point's arguments from its input. */
  public static final String OPTION = "--args-on-stdin";

  /** More than any point's arguments: a runaway input is refused, not held. */
  static final int MAX_BYTES = 1 << 20;

  private StdinArguments() {}

  public static byte[] encode(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String a : args) {
      if (a.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("an argument with a NUL byte: " + a);
      }
      out.writeBytes(a.getBytes(StandardCharsets.UTF_8));
      out.write(0);
    }
    return out.toByteArray();
  }

  /**
   * The arguments on {@code in}, up to its end.
   *
   * @throws IOException when the input is over {@value #MAX_BYTES} bytes or its last argument has
   *     no NUL
   */
  public static List<String> read(InputStream in) throws IOException {
    byte[] all = in.readNBytes(MAX_BYTES + 1);
    if (all.length > MAX_BYTES) {
      throw new IOException("over " + MAX_BYTES + " bytes of arguments on standard input");
    }
    List<String> args = new ArrayList<>();
    int from = 0;
    for (int i = 0; i < all.length; i++) {
      if (all[i] == 0) {
        args.add(new String(all, from, i - from, StandardCharsets.UTF_8));
        from = i + 1;
      }
    }
    if (from != all.length) {
      throw new IOException("the arguments on standard input end without a NUL byte");
    }
    return args;
  }
}
