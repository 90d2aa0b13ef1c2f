package io.rpcxbench.harness.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The harness's side of a release given after the warm-up ({@code --await-release FILE}): it says
 * it is warmed up by creating {@code FILE.ready}, then waits for {@code FILE}, which the driver
 * writes whole (a rename) with the runs' instants, epoch ms separated by commas, as {@code
 * --start-at} takes them. The driver gives every harness of a round its instants at once, when the
 * last of them is ready, so that none measures while another still warms up.
 *
 * <pre>{@code
 * List<Long> at = ReleaseFile.await(Path.of("/tmp/r/base"), limit.warmupDeadline());
 * // /tmp/r/base.ready was created; /tmp/r/base held "1764316800000,1764316802400,..."
 * }</pre>
 */
public final class ReleaseFile {
  /** How often the file is looked for: a wait of this much is lost at most before order 0. */
  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

  /** The longest wait without a time limit: a driver gone by then will not release it. */
  static final long MOST_NANOS = TimeUnit.MINUTES.toNanos(15);

  /** More than any schedule's text: a runaway file is refused. */
  private static final long MAX_BYTES = 64 * 1024;

  private ReleaseFile() {}

  /** The file that says the harness is warmed up. */
  public static Path ready(Path release) {
    return release.resolveSibling(release.getFileName() + ".ready");
  }

  /**
   * Says this harness is ready and waits for its instants.
   *
   * @param deadline a {@link System#nanoTime()} deadline ({@link TimeLimit#NEVER}: {@link
   *     #MOST_NANOS} from now)
   * @throws TimeLimit.Reached when the deadline passes first
   * @throws IOException when the ready file cannot be made or the instants cannot be read
   */
  public static List<Long> await(Path release, long deadline)
      throws IOException, InterruptedException, TimeLimit.Reached {
    long until = Math.min(deadline, System.nanoTime() + MOST_NANOS);
    Files.deleteIfExists(release);
    Path ready = ready(release);
    Files.deleteIfExists(ready);
    Files.createFile(ready);
    while (!Files.exists(release)) {
      if (TimeLimit.remaining(until) == 0) {
        throw new TimeLimit.Reached();
      }
      LockSupport.parkNanos(POLL_NANOS);
      if (Thread.interrupted()) {
        throw new InterruptedException("waiting for " + release);
      }
    }
    if (Files.size(release) > MAX_BYTES) {
      throw new IOException(release + ": over " + MAX_BYTES + " bytes, not a release");
    }
    return parse(Files.readString(release, StandardCharsets.US_ASCII), release.toString());
  }

  /**
   * The instants of a release's text: increasing epoch ms.
   *
   * @throws IOException naming {@code source} when the text is not that
   */
  static List<Long> parse(String text, String source) throws IOException {
    List<Long> at = new ArrayList<>();
    long previous = 0;
    for (String item : text.trim().split(",")) {
      long v;
      try {
        v = Long.parseLong(item.trim());
      } catch (NumberFormatException e) {
        throw new IOException(source + ": '" + item.trim() + "' is not an instant (epoch ms)");
      }
      if (v <= previous) {
        throw new IOException(source + ": the instants must increase, got " + v);
      }
      at.add(v);
      previous = v;
    }
    return at;
  }

  /** The text {@link #await} reads: the instants, separated by commas. */
  public static String text(List<Long> instants) {
    StringBuilder b = new StringBuilder();
    for (long at : instants) {
      b.append(b.length() == 0 ? "" : ",").append(at);
    }
    return b.append('\n').toString();
  }
}
