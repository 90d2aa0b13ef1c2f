package io.rpcxbench.period.client;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code java -jar client-2022.jar --protocol grpc --host 127.0.0.1 --port 9090 --threads 10
 * --requests 100 --runs 10 --out t10-r100.csv}: the paper's client on one class path, the period's
 * (client-2022.jar) or today's (client-today.jar), built from this one source. One client per
 * process, shared by all runs; no warm-up (the report drops run 0). Prints the provenance as {@code
 * # key: value} lines, then {@code run,threads,requests,runtime_ms,calls,errors,client_cpu_ms} and
 * a line per run; with {@code --out}, also the harness's raw file, rewritten atomically after every
 * run. Exit code 0 when every call was answered, 1 when some failed, 2 on bad usage.
 */
public final class PeriodClientMain {
  private PeriodClientMain() {}

  public static void main(String[] args) {
    // System.exit: the Spring context and gRPC leave non-daemon threads behind.
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
      out.println(ClientArgs.USAGE);
      return 0;
    }
    ClientArgs a;
    try {
      a = ClientArgs.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("client: " + e.getMessage() + " (" + ClientArgs.USAGE + ")");
      return 2;
    }
    String started = now();
    List<RunResult> runs = new ArrayList<>();
    long errors = 0;
    try (HelloCaller caller = HelloCaller.open(a);
        ClosedLoopRuns loop = new ClosedLoopRuns(caller, a.threads, a.requests, a.serverPid)) {
      Map<String, String> provenance = provenance(a, caller, started);
      RawResultWriter raw =
          a.out == null
              ? null
              : new RawResultWriter(a.out, type(a), a.threads, a.requests, a.serverPid > 0);
      for (Map.Entry<String, String> e : provenance.entrySet()) {
        out.println("# " + e.getKey() + ": " + e.getValue());
      }
      out.println("run,threads,requests,runtime_ms,calls,errors,client_cpu_ms");
      for (int order = 0; order < a.runs; order++) {
        RunResult r = loop.run(order);
        runs.add(r);
        errors += r.errors;
        out.println(csv(a, r));
        if (r.firstError != null) {
          err.println("client: run " + order + ": " + r.errors + " errors, first: " + r.firstError);
        }
        if (raw != null) {
          boolean last = order == a.runs - 1;
          if (last) {
            provenance.put("finished", now());
          }
          raw.write(last ? "complete" : "incomplete", provenance, runs);
        }
      }
    } catch (IOException e) {
      err.println("client: cannot write " + a.out + ": " + e);
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("client: interrupted");
      return 1;
    } catch (RuntimeException e) {
      err.println("client: " + a.protocol + " client failed: " + e);
      return 1;
    }
    return errors == 0 ? 0 : 1;
  }

  private static String csv(ClientArgs a, RunResult r) {
    return String.format(
        Locale.ROOT,
        "%d,%d,%d,%.3f,%d,%d,%s",
        r.order,
        a.threads,
        a.requests,
        r.wallNanos / 1e6,
        r.calls,
        r.errors,
        r.clientCpuNanos < 0 ? "" : String.format(Locale.ROOT, "%.3f", r.clientCpuNanos / 1e6));
  }

  /** The harness's protocol type numbers (the paper's): gRPC 2, OpenFeign 3. */
  private static int type(ClientArgs a) {
    return a.protocol.equals("grpc") ? 2 : 3;
  }

  /**
   * The point's identity keys as the harness writes them (so that report diff matches period and
   * today point by point), then the client, its libraries, the JVM and the caller's keys.
   */
  private static Map<String, String> provenance(ClientArgs a, HelloCaller caller, String started) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("protocol", a.protocol);
    p.put("load_model", "closed");
    p.put("threads", Integer.toString(a.threads));
    p.put("requests", Integer.toString(a.requests));
    p.put("requests_per", "thread");
    p.put("call", "hello");
    p.put("payload_bytes", "0");
    p.put("items", "0");
    p.put("type", Integer.toString(type(a)));
    p.put("label", a.protocol.equals("grpc") ? "gRPC" : "OpenFeign");
    p.put("runs", Integer.toString(a.runs));
    p.put("warmup", "PT0S");
    p.put("started", started);
    p.put("target", a.host + ":" + a.port);
    p.put("client", caller.describe());
    p.put("client_jar", jarName());
    p.put("stack", ClassPathVersions.describe());
    p.put("calls_issued_by", a.threads + " threads, blocking calls, released together per run");
    p.put(
        "client_cpu",
        "client_cpu_s: this JVM's CPU time over the run"
            + " (OperatingSystemMXBean.getProcessCpuTime, every thread; in the kernel's steps,"
            + " 10 ms here)");
    if (a.serverPid > 0) {
      p.put("server", "pid " + a.serverPid + ", server_cpu_s from /proc/PID/stat (10 ms ticks)");
    }
    p.put("cpu_model", cpuModel());
    p.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"));
    p.put("jvm_flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    p.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch")
            + ", "
            + Runtime.getRuntime().availableProcessors()
            + " cpus");
    p.putAll(a.provenance);
    return p;
  }

  private static String jarName() {
    String location =
        String.valueOf(PeriodClientMain.class.getProtectionDomain().getCodeSource().getLocation());
    int bang = location.indexOf(".jar");
    String upTo = bang < 0 ? location : location.substring(0, bang + 4);
    return upTo.substring(upTo.lastIndexOf('/') + 1);
  }

  private static String cpuModel() {
    try {
      for (String line :
          new String(Files.readAllBytes(Paths.get("/proc/cpuinfo")), StandardCharsets.UTF_8)
              .split("\n")) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: unknown
    }
    return "unknown";
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
