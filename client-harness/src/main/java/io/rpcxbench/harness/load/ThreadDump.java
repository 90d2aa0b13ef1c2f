package io.rpcxbench.harness.load;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

/**
 * The JVM's threads with their whole stacks and locks, as jstack prints them (ThreadInfo cuts at
 * 8).
 */
final class ThreadDump {
  private ThreadDump() {}

  static String now() {
    StringBuilder out = new StringBuilder();
    for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
      out.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState());
      LockInfo lock = t.getLockInfo();
      if (lock != null) {
        out.append(" on ").append(lock);
        if (t.getLockOwnerName() != null) {
          out.append(" owned by \"").append(t.getLockOwnerName()).append('"');
        }
      }
      out.append('\n');
      for (StackTraceElement frame : t.getStackTrace()) {
        out.append("\tat ").append(frame).append('\n');
      }
      out.append('\n');
    }
    return out.toString();
  }
}
