package io.rpcxbench.serverkit;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JVM's limit on direct buffers: {@code -XX:MaxDirectMemorySize}, else the heap limit. A server
 * whose library keeps its own direct buffers sizes them from it, e.g. {@code
 * MaxDirectMemory.bytes() / 1024}.
 */
public final class MaxDirectMemory {
  private MaxDirectMemory() {}

  /** The limit, in bytes. */
  public static long bytes() {
    long heap = Runtime.getRuntime().maxMemory();
    try {
      HotSpotDiagnosticMXBean vm =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      long set = vm == null ? 0 : Long.parseLong(vm.getVMOption("MaxDirectMemorySize").getValue());
      return set > 0 ? set : heap; // 0: the JDK's default, the heap limit
    } catch (RuntimeException e) {
      return heap; // not a HotSpot VM
    }
  }
}
