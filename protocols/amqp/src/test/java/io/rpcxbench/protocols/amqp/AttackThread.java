package io.rpcxbench.protocols.amqp;

import java.util.concurrent.atomic.AtomicBoolean;

/** An attack's work on a thread of its own, from {@link #start()} until {@link #close()}. */
final class AttackThread implements AttackedJar.Attack {
  /** The work: it ends when {@code stop} is set. */
  interface Work {
    void run(AtomicBoolean stop) throws Exception;
  }

  private final AtomicBoolean stop = new AtomicBoolean();
  private final Thread thread;

  AttackThread(Work work) {
    thread =
        new Thread(
            () -> {
              try {
                work.run(stop);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            },
            "attacker");
    thread.setDaemon(true);
  }

  @Override
  public void start() {
    thread.start();
  }

  @Override
  public void close() throws InterruptedException {
    stop.set(true);
    thread.join(30_000);
  }
}
