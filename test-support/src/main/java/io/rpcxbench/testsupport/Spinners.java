package io.rpcxbench.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Threads that take a CPU each without pause until closed: the CPU a flood's own threads take,
 * without the flood, for a baseline measured on equal terms ({@link AttackContract}).
 */
final class Spinners implements AutoCloseable {
  private final AtomicBoolean stop = new AtomicBoolean();
  private final List<Thread> threads = new ArrayList<>();

  Spinners(int count) {
    for (int i = 0; i < count; i++) {
      Thread t = new Thread(this::spin, "spinner-" + i);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
  }

  private void spin() {
    long x = 0;
    while (!stop.get()) {
      x += System.nanoTime() & 1;
    }
    if (x == Long.MIN_VALUE) {
      System.out.print(""); // keeps the loop's work observable
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    for (Thread t : threads) {
      t.join();
    }
  }
}
