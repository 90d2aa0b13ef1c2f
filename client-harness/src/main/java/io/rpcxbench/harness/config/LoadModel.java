package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How a point puts load on a server (docs/load-models.md): the paper's closed loop (T threads x R
 * blocking calls, the default), an open loop (calls started on a schedule at a rate, whatever the
 * replies do) or a number of calls kept in flight. Part of {@link RunConfig}; every file records
 * it.
 *
 * @param kind which model
 * @param schedule the open loop's rate steps; null for the others
 * @param arrivals the open loop's spacing of intended starts
 * @param maxInFlight the open loop's bound on calls outstanding (beyond it a call is dropped)
 * @param inFlight the in-flight model's calls kept outstanding; 0 for the others
 * @param failAfter a call slower than this fails even when it succeeds; zero: off (every model)
 */
public record LoadModel(
    Kind kind,
    RateSchedule schedule,
    Arrivals arrivals,
    int maxInFlight,
    int inFlight,
    Duration failAfter) {

  static final String DEFAULT_ARRIVALS = "uniform";
  public static final String DEFAULT_MAX_IN_FLIGHT = "256";
  static final String DEFAULT_FAIL_AFTER = "0s";

  /** The paper's closed loop with nothing added: what a config without load-model options gets. */
  public static final LoadModel CLOSED =
      new LoadModel(
          Kind.CLOSED,
          null,
          Arrivals.UNIFORM,
          Integer.parseInt(DEFAULT_MAX_IN_FLIGHT),
          0,
          Duration.ZERO);

  /**
   * The in-flight model of {@code calls} outstanding, this model's limits kept (a {@code
   * --warmup-in-flight} warm-up's load).
   */
  public LoadModel inFlightOf(int calls) {
    return new LoadModel(Kind.IN_FLIGHT, null, arrivals, maxInFlight, calls, failAfter);
  }

  /** The three models, as {@code load_model} names them. */
  public enum Kind {
    CLOSED,
    OPEN,
    IN_FLIGHT;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /** Checks the values; the message names the option and the bad value. */
  void validate() {
    if (failAfter.isNegative()) {
      throw new IllegalArgumentException("--fail-after must not be negative, got " + failAfter);
    }
    switch (kind) {
      case OPEN -> {
        String rate = schedule.isConstant() ? "--rate" : "--rate-schedule";
        String duration = schedule.isConstant() ? "--duration" : "--rate-schedule";
        schedule.validate(rate, duration);
        if (maxInFlight <= 0) {
          throw new IllegalArgumentException(
              "--max-in-flight must be a positive count, got " + maxInFlight);
        }
      }
      case IN_FLIGHT -> {
        if (inFlight <= 0) {
          throw new IllegalArgumentException(
              "--in-flight must be a positive count, got " + inFlight);
        }
      }
      case CLOSED -> {
        // the paper's options, checked by RunConfig
      }
    }
  }

  public long failAfterNanos() {
    return failAfter.toNanos();
  }

  /**
   * The point's thread count: the closed loop's --threads, else the calls that may be out at once.
   */
  int threads(int closedThreads) {
    return switch (kind) {
      case CLOSED -> closedThreads;
      case OPEN -> maxInFlight;
      case IN_FLIGHT -> inFlight;
    };
  }

  /**
   * The result file's name: {@code t10-r100.csv} (closed, the paper's), {@code
   * inflight-n64-r1000.csv}, {@code open-r1000-d30s.csv} ({@code open-r1000-d30s-poisson.csv},
   * {@code open-s500x10s-1000x10s.csv} for a schedule). Distinct names keep the models' points
   * apart.
   */
  public String fileName(int threads, int requests) {
    return switch (kind) {
      case CLOSED -> "t" + threads + "-r" + requests + ".csv";
      case IN_FLIGHT -> "inflight-n" + inFlight + "-r" + requests + ".csv";
      case OPEN -> {
        StringBuilder name = new StringBuilder("open-");
        if (schedule.isConstant()) {
          RateSchedule.Step s = schedule.steps().get(0);
          name.append('r').append(fileNumber(s.rate())).append("-d").append(seconds(s));
        } else {
          name.append('s');
          for (RateSchedule.Step s : schedule.steps()) {
            name.append(name.length() > 6 ? "-" : "").append(fileNumber(s.rate())).append('x');
            name.append(seconds(s));
          }
        }
        if (arrivals != Arrivals.UNIFORM) {
          name.append('-').append(arrivals.id());
        }
        yield name.append(".csv").toString();
      }
    };
  }

  private static String seconds(RateSchedule.Step s) {
    return fileNumber(s.seconds()) + "s";
  }

  private static String fileNumber(double v) {
    return RateSchedule.number(v).replace('.', 'p');
  }

  /** The options that reproduce this model, for {@code # options:} and the forked workers. */
  void addArgs(List<String> args) {
    switch (kind) {
      case OPEN -> {
        if (schedule.isConstant()) {
          RateSchedule.Step s = schedule.steps().get(0);
          args.addAll(List.of("--rate", RateSchedule.number(s.rate())));
          args.addAll(List.of("--duration", s.duration().toString()));
        } else {
          args.addAll(List.of("--rate-schedule", schedule.toString()));
        }
        args.addAll(List.of("--arrivals", arrivals.id()));
        args.addAll(List.of("--max-in-flight", String.valueOf(maxInFlight)));
      }
      case IN_FLIGHT -> args.addAll(List.of("--in-flight", String.valueOf(inFlight)));
      case CLOSED -> {
        // the paper's options say it all
      }
    }
    args.addAll(List.of("--fail-after", failAfter.toString()));
  }
}
