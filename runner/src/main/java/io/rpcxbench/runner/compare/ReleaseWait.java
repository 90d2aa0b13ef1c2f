package io.rpcxbench.runner.compare;

import io.rpcxbench.harness.load.ReleaseFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The runner's side of a windowed round's release ({@link WindowPairing}): it waits until every
 * harness of the round has said it is warmed up ({@link ReleaseFile#ready}), or one of them ended
 * first (it failed: the round cannot be paired).
 */
final class ReleaseWait {
  /** A harness not warmed up after this long is not waited for. */
  static final long READY_MS = 10 * 60_000L;

  private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

  private ReleaseWait() {}

  /**
   * Whether every harness of {@code releases} became ready before {@code timeoutMs} and while all
   * of {@code harnesses} still ran.
   */
  static boolean allReady(List<Path> releases, List<Future<Integer>> harnesses, long timeoutMs)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (System.nanoTime() < deadline) {
      if (releases.stream().allMatch(r -> Files.exists(ReleaseFile.ready(r)))) {
        return true;
      }
      if (harnesses.stream().anyMatch(Future::isDone)) {
        return false;
      }
      LockSupport.parkNanos(POLL_NANOS);
      if (Thread.interrupted()) {
        throw new InterruptedException("waiting for the round's harnesses to warm up");
      }
    }
    return false;
  }

  /**
   * A harness's exit code; what it threw, thrown again as it was (a refused option, a server that
   * did not start).
   */
  static int code(Future<Integer> harness) throws InterruptedException {
    try {
      return harness.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof InterruptedException i) {
        throw i;
      }
      throw new IllegalStateException(e.getCause());
    }
  }
}
