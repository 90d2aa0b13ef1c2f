package io.rpcxbench.harness.runner.sweep;

import io.rpcxbench.harness.protocol.CallKind;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Harness options the sweep takes as its own and gives every point (recorded in every file); the
 * warm-up's are the harness's own group ({@link io.rpcxbench.harness.config.WarmupOptions}).
 */
final class PassThroughOptions {
  @Option(
      names = "--call",
      paramLabel = "KIND",
      description = "Passed to the harness: hello, echo, put, items.")
  String call;

  @Option(
      names = "--payload",
      paramLabel = "BYTES",
      split = ",",
      description =
          "Passed to the harness (needs --call); several (0,1024,16384): a dimension of the sweep,"
              + " every point once per size.")
  List<Integer> payload;

  @Option(
      names = "--items",
      paramLabel = "N",
      split = ",",
      description =
          "Passed to the harness (needs --call); several (1,10,100): a dimension of the sweep,"
              + " every point once per count.")
  List<Integer> items;

  @Option(
      names = "--requests-per",
      paramLabel = "thread|total",
      description = "Passed to the harness.")
  String requestsPer;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      description = "Passed to the harness: the per-call deadline, e.g. 30s.")
  String timeout;

  @Option(
      names = "--run-time",
      paramLabel = "DURATION",
      description =
          "Passed to the harness: each run of a closed-loop or in-flight point lasts this long"
              + " instead of --requests calls (e.g. 2s; default none, the paper's count).")
  String runTime;

  /**
   * These options as harness arguments, then {@code more} (what followed "--"); an option given
   * several values is not among them but one of {@link #axes()}.
   */
  List<String> args(List<String> more) {
    if (negative(payload) || negative(items)) {
      throw new IllegalArgumentException("--payload and --items must be integers >= 0");
    }
    if ((payload != null || items != null) && call == null) {
      throw new IllegalArgumentException(
          (payload != null ? "--payload" : "--items")
              + " needs --call (e.g. --call echo --payload 256): without it the harness measures hello");
    }
    CallKind kind = call == null ? null : CallKind.byId(call);
    String ignored = kind == null ? null : kind.ignoredOption(payload != null, items != null);
    if (ignored != null) {
      throw new IllegalArgumentException(ignored);
    }
    if (timeout != null && !timeout.matches(".*[a-zA-Z].*")) {
      throw new IllegalArgumentException(
          "--timeout is the harness's per-call deadline, a duration like 30s; the point's limit in"
              + " seconds is --point-timeout "
              + timeout);
    }
    if (requestsPer != null && !requestsPer.equals("thread") && !requestsPer.equals("total")) {
      throw new IllegalArgumentException(
          "--requests-per must be thread or total, got '" + requestsPer + "'");
    }
    if (more.stream().anyMatch(a -> a.equals("--threshold") || a.startsWith("--threshold="))) {
      throw new IllegalArgumentException(
          "--threshold is the sweep's: give it before \"--\" (the sweep checks every point's"
              + " file; a point's harness would count a failed threshold as a failed point)");
    }
    List<String> opts = new ArrayList<>();
    add(opts, "--call", call);
    add(opts, "--payload", single(payload));
    add(opts, "--items", single(items));
    add(opts, "--requests-per", requestsPer);
    add(opts, "--timeout", timeout);
    add(opts, "--run-time", runTime);
    opts.addAll(more);
    return opts;
  }

  /** The options given several values: the sweep's own dimensions, in this order. */
  List<Axis> axes() {
    List<Axis> axes = new ArrayList<>();
    addAxis(axes, "--payload", payload);
    addAxis(axes, "--items", items);
    return axes;
  }

  private static void addAxis(List<Axis> axes, String name, List<Integer> values) {
    if (values != null && values.size() > 1) {
      if (values.stream().distinct().count() < values.size()) {
        throw new IllegalArgumentException(name + " names a value twice: " + values);
      }
      axes.add(new Axis(name, values.stream().map(String::valueOf).toList()));
    }
  }

  private static boolean negative(List<Integer> values) {
    return values != null && values.stream().anyMatch(v -> v < 0);
  }

  private static Integer single(List<Integer> values) {
    return values != null && values.size() == 1 ? values.get(0) : null;
  }

  private static void add(List<String> opts, String name, Object value) {
    if (value != null) {
      opts.addAll(List.of(name, value.toString()));
    }
  }
}
