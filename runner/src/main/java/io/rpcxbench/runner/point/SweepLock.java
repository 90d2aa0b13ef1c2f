package io.rpcxbench.runner.point;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One sweep at a time per --out: a lock on {@code <out>/sweep.lock} that goes when this JVM dies,
 * even with kill -9. The file's first line names the holder for the one who is refused.
 *
 * <pre>{@code
 * SweepLock lock = SweepLock.tryTake(out, "pid 123, started ...: cd ... && ./sweep.sh ...");
 * if (lock == null) { ... SweepLock.holder(out) ... exit 7 (ExitCode.LOCKED) }
 * }</pre>
 */
public final class SweepLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private SweepLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** The lock, or null when another sweep (another process) holds it. */
  public static SweepLock tryTake(Path out, String holder) throws IOException {
    Path file = out.resolve("sweep.lock");
    FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (java.nio.channels.OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      return null;
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)));
    return new SweepLock(channel, lock);
  }

  /** The holder's line, or "its pid unknown". */
  static String holder(Path out) {
    try {
      return Files.readAllLines(out.resolve("sweep.lock")).stream()
          .findFirst()
          .filter(l -> !l.isBlank())
          .orElse("its pid unknown");
    } catch (IOException e) {
      return "its pid unknown";
    }
  }

  @Override
  public void close() throws IOException {
    lock.release();
    channel.close();
  }
}
