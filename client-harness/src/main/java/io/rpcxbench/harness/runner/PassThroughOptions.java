package io.rpcxbench.harness.runner;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Harness options the sweep takes as its own and gives every point (recorded in every file). */
final class PassThroughOptions {
  @Option(
      names = "--call",
      paramLabel = "KIND",
      description = "Passed to the harness: hello, echo, put, items.")
  String call;

  @Option(
      names = "--payload",
      paramLabel = "BYTES",
      description = "Passed to the harness (needs --call).")
  Integer payload;

  @Option(
      names = "--items",
      paramLabel = "N",
      description = "Passed to the harness (needs --call).")
  Integer items;

  @Option(names = "--warmup", paramLabel = "DURATION", description = "Passed to the harness.")
  String warmup;

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

  @Option(names = "--cold-start", description = "Passed to the harness.")
  boolean coldStart;

  /** These options as harness arguments, then {@code more} (what followed "--"). */
  List<String> args(List<String> more) {
    if ((payload != null && payload < 0) || (items != null && items < 0)) {
      throw new IllegalArgumentException("--payload and --items must be integers >= 0");
    }
    if ((payload != null || items != null) && call == null) {
      throw new IllegalArgumentException(
          (payload != null ? "--payload" : "--items")
              + " needs --call (e.g. --call echo --payload 256): without it the harness measures hello");
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
    List<String> opts = new ArrayList<>();
    add(opts, "--call", call);
    add(opts, "--payload", payload);
    add(opts, "--items", items);
    add(opts, "--warmup", warmup);
    add(opts, "--requests-per", requestsPer);
    add(opts, "--timeout", timeout);
    if (coldStart) {
      opts.add("--cold-start");
    }
    opts.addAll(more);
    return opts;
  }

  private static void add(List<String> opts, String name, Object value) {
    if (value != null) {
      opts.addAll(List.of(name, value.toString()));
    }
  }
}
