package io.rpcxbench.report.gc;

/**
 * The child JVM of {@link GcLogWindowTest}: allocates enough for a few young pauses in a 64 MB
 * heap, keeps a little, calls {@code System.gc()} once and exits.
 */
public final class GcLogChild {
  private GcLogChild() {}

  public static void main(String[] args) {
    byte[][] kept = new byte[64][];
    long sum = 0;
    for (int i = 0; i < 6000; i++) {
      byte[] b = new byte[16 * 1024];
      b[i % b.length] = (byte) i;
      kept[i % kept.length] = b;
      sum += b[0];
    }
    System.gc();
    System.out.println(kept.length + sum % 2);
  }
}
