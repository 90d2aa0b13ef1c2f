package io.rpcxbench.runner.point;

/** A server in a jar of its own for {@link ClassDataArchivesTest}: says it is ready, then waits. */
public final class ArchivedMain {
  private ArchivedMain() {}

  public static void main(String[] args) throws InterruptedException {
    System.out.println("archived listening on 127.0.0.1:1");
    Thread.sleep(Long.MAX_VALUE); // a stand-in server: it serves until the test stops it
  }
}
