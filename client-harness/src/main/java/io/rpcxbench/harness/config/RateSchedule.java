package io.rpcxbench.harness.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The open loop's offered load: one or more steps of a rate (calls/s) held for a duration. {@code
 * --rate 1000 --duration 30s} is one step; {@code --rate-schedule 500:10s,1000:10s} two.
 *
 * <pre>{@code
 * RateSchedule s = RateSchedule.parse("500:10s,1000:10s");
 * s.total();           // PT20S
 * s.expectedCalls();   // 15000
 * }</pre>
 */
public record RateSchedule(List<Step> steps) {
  /** A rate below this is refused: its gaps would exceed any sensible run. */
  public static final double MIN_RATE = 1.0;

  /**
   * A rate above this is refused: one scheduler thread cannot start calls 1 us apart (a park alone
   * takes ~50 us here, and raw Netty peaks below 1 M messages/s on this kind of box), so the plan
   * would only be a loop of drops; several harnesses ({@code --start-at}, docs/fleet.md) offer
   * more.
   */
  public static final double MAX_RATE = 1_000_000.0;

  /** One step: {@code rate} calls/s for {@code duration}. */
  public record Step(double rate, Duration duration) {
    public double seconds() {
      return duration.toNanos() / 1e9;
    }

    /**
     * Calls a uniform schedule makes in this step: one at each multiple of 1/rate before its end.
     */
    public long uniformCalls() {
      return (long) Math.ceil(rate * seconds() - 1e-9);
    }

    @Override
    public String toString() {
      return number(rate) + ":" + duration;
    }
  }

  public RateSchedule {
    steps = List.copyOf(steps);
  }

  public static RateSchedule constant(double rate, Duration duration) {
    return new RateSchedule(List.of(new Step(rate, duration)));
  }

  /**
   * {@code RATE:DURATION[,RATE:DURATION...]}, e.g. {@code 500:10s,1000:30s}.
   *
   * @throws IllegalArgumentException naming the bad step
   */
  public static RateSchedule parse(String text) {
    List<Step> steps = new ArrayList<>();
    for (String part : text.split(",")) {
      String[] fields = part.trim().split(":", 2);
      if (fields.length != 2) {
        throw new IllegalArgumentException(
            "--rate-schedule: '" + part.trim() + "' is not RATE:DURATION (e.g. 500:10s)");
      }
      double rate;
      try {
        rate = Double.parseDouble(fields[0].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "--rate-schedule: '" + fields[0].trim() + "' is not a rate in calls/s");
      }
      try {
        steps.add(new Step(rate, DurationConverter.parse(fields[1])));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("--rate-schedule: " + e.getMessage());
      }
    }
    return new RateSchedule(steps);
  }

  /** Checks every step; {@code option} names the option in the message. */
  public void validate(String rateOption, String durationOption) {
    if (steps.isEmpty()) {
      throw new IllegalArgumentException(rateOption + ": no step");
    }
    for (Step s : steps) {
      if (!(s.rate() >= MIN_RATE) || Double.isInfinite(s.rate())) {
        throw new IllegalArgumentException(
            rateOption
                + " must be at least "
                + number(MIN_RATE)
                + " call/s, got "
                + number(s.rate()));
      }
      if (s.rate() > MAX_RATE) {
        throw new IllegalArgumentException(
            rateOption
                + " must be at most "
                + number(MAX_RATE)
                + " calls/s from one harness (a call every microsecond), got "
                + number(s.rate()));
      }
      if (s.duration().isNegative() || s.duration().isZero()) {
        throw new IllegalArgumentException(
            durationOption + " must be positive, got " + s.duration());
      }
    }
    if (expectedCalls() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          rateOption
              + " x "
              + durationOption
              + ": "
              + expectedCalls()
              + " calls per run, more than "
              + Integer.MAX_VALUE);
    }
  }

  public Duration total() {
    return steps.stream().map(Step::duration).reduce(Duration.ZERO, Duration::plus);
  }

  /** Calls per run: exact for uniform arrivals, the mean for Poisson ones. */
  public long expectedCalls() {
    return steps.stream().mapToLong(Step::uniformCalls).sum();
  }

  /** The offered rate over the whole schedule: calls / total seconds. */
  public double meanRate() {
    return expectedCalls() / (total().toNanos() / 1e9);
  }

  public boolean isConstant() {
    return steps.size() == 1;
  }

  /** For the command line and the provenance: {@code 500:PT10S,1000:PT30S}. */
  @Override
  public String toString() {
    return steps.stream().map(Step::toString).collect(Collectors.joining(","));
  }

  /** {@code 1000} for a whole number, else the shortest decimal ({@code 2.5}). */
  public static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? String.valueOf((long) value)
        : String.format(Locale.ROOT, "%s", value);
  }
}
