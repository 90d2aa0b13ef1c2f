package io.rpcxbench.harness.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * What the harness shows while it runs and what it exports after (docs/harness.md, "Console"):
 * {@code --live}/{@code --no-live}, {@code --metrics}, {@code --summary-export}. None of them is
 * part of the point's identity or its {@code # options:} line: they change what is shown, never
 * what is measured.
 */
public final class ConsoleOptions {
  @Option(
      names = "--live",
      negatable = true,
      description =
          "A live line per second during each run (calls/s, p50/p99 so far, errors, dropped,"
              + " in flight, client CPU). Default: on when stdout is a terminal; --no-live: off.")
  Boolean live;

  @Option(
      names = "--metrics",
      paramLabel = "prometheus:[HOST:]PORT|otlp:URL",
      description =
          "Serve the live figures for Prometheus at http://HOST:PORT/metrics (HOST 127.0.0.1"
              + " unless given; PORT 0: a free port, printed), or push them once a second to an"
              + " OpenTelemetry collector's OTLP http/protobuf receiver, e.g."
              + " otlp:http://127.0.0.1:4318 (/v1/metrics added to a URL without a path).")
  public String metrics;

  @Option(
      names = "--summary-export",
      paramLabel = "FILE",
      description =
          "After the point, its summary as JSON (docs/harness.md, Console and exports), written atomically.")
  public Path summaryExport;

  /** Whether the live line is shown: --live, --no-live, else whether stdout is a terminal. */
  public boolean live(boolean terminal) {
    return live == null ? terminal : live;
  }

  /** These options as given (none given: none), for the same point run elsewhere. */
  public List<String> args() {
    List<String> args = new ArrayList<>();
    if (live != null) {
      args.add(live ? "--live" : "--no-live");
    }
    if (metrics != null) {
      args.addAll(List.of("--metrics", metrics));
    }
    if (summaryExport != null) {
      args.addAll(List.of("--summary-export", summaryExport.toString()));
    }
    return args;
  }

  /** The options a forked worker gets: the live decision made here, the metrics endpoint. */
  public List<String> workerArgs(boolean terminal) {
    List<String> args = new ArrayList<>();
    args.add(live(terminal) ? "--live" : "--no-live");
    if (metrics != null) {
      args.addAll(List.of("--metrics", metrics));
    }
    return args;
  }
}
