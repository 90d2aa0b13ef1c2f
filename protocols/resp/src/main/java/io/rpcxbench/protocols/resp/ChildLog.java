package io.rpcxbench.protocols.resp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * redis-server's log lines on our stderr, as the kit's {@code RateLimitedLog} logs ours: each kind
 * of line at most once per 10 s, the next one saying how many were left out. redis-server logs some
 * warnings once per client ({@code Closing client that reached max query buffer length}), so a
 * flood of hostile connections would otherwise cost a line each. The kind is the message up to its
 * first colon or digit, after redis-server's {@code PID:ROLE DATE TIME LEVEL} prefix. The last
 * lines are kept, unfiltered, to say why a child exited before it was ready.
 */
final class ChildLog {
  static final long INTERVAL_NANOS = 10_000_000_000L;

  private static final int LINES_KEPT = 20;
  private static final Pattern REDIS_LINE =
      Pattern.compile("^\\d+:[A-Z] \\d+ \\w+ \\d+ [\\d:.]+ [.\\-*#] (.*)$");

  private final String prefix;
  private final PrintStream out;
  private final LongSupplier clock;
  private final Deque<String> last = new ArrayDeque<>();
  private final Map<String, long[]> kinds = new HashMap<>(); // kind -> {next allowed, left out}

  ChildLog(String prefix, PrintStream out) {
    this(prefix, out, System::nanoTime);
  }

  ChildLog(String prefix, PrintStream out, LongSupplier clock) {
    this.prefix = prefix;
    this.out = out;
    this.clock = clock;
  }

  /** Copies the child's output until it ends. */
  void forward(InputStream output) {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        line(line);
      }
    } catch (IOException closed) {
      // the child is gone
    }
  }

  /** One line of the child's: printed unless its kind was printed less than 10 s ago. */
  synchronized void line(String line) {
    last.addLast(line);
    if (last.size() > LINES_KEPT) {
      last.removeFirst();
    }
    String kind = kindOf(line);
    long now = clock.getAsLong();
    long[] k = kinds.computeIfAbsent(kind, x -> new long[] {now, 0});
    if (now - k[0] < 0) {
      k[1]++;
      return;
    }
    k[0] = now + INTERVAL_NANOS;
    String more = k[1] == 0 ? "" : " (and " + k[1] + " more like it in the last 10 s)";
    k[1] = 0;
    out.println(prefix + ": " + line + more);
  }

  /** The last lines, unfiltered. */
  synchronized List<String> lastLines() {
    return List.copyOf(last);
  }

  static String kindOf(String line) {
    Matcher m = REDIS_LINE.matcher(line);
    String message = m.matches() ? m.group(1) : line;
    int end = 0;
    while (end < message.length()
        && message.charAt(end) != ':'
        && !Character.isDigit(message.charAt(end))) {
      end++;
    }
    return message.substring(0, end);
  }
}
