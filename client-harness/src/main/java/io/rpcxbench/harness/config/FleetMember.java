package io.rpcxbench.harness.config;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the harness is told when it is one of several client hosts driving one point together
 * (deploy/fleet, docs/fleet.md): the instants at which every host releases its runs ({@code
 * --start-at}, epoch ms, computed once by the driver and given to all hosts alike: the first for
 * order 0, the k-th for order k; runs beyond the list start when the previous one is done) and the
 * name the host goes by in the results ({@code --client-host-name}, e.g. its inventory name; on one
 * machine with network namespaces every host has the same OS host name). Part of {@link RunConfig}.
 *
 * <pre>{@code
 * FleetMember fleet = new FleetMember(List.of(1763820000000L), "client-2");
 * RunInstants.awaitStart(fleet, 0); // parks until 1763820000000 on this host's clock
 * }</pre>
 *
 * <p>A harness that shares this machine's time with other harnesses in turns ({@code
 * --await-release FILE}: compare's paired windows, docs/report.md) learns its instants only after
 * its warm-up: it writes {@code FILE.ready} and waits for {@code FILE} ({@code load.ReleaseFile}).
 *
 * @param startAt the release instants of orders 0, 1, ... (epoch ms); empty for none
 * @param clientHostName the client host's name in the results, or null for the OS host name
 * @param awaitRelease the file the instants come in after the warm-up, or null
 */
public record FleetMember(List<Long> startAt, String clientHostName, Path awaitRelease) {
  public static final FleetMember NONE = new FleetMember(List.of(), null);

  /** Epoch ms before 2000 or after 2100 is a mistake (seconds, or a typo), not an instant. */
  private static final long EARLIEST = 946_684_800_000L;

  private static final long LATEST = 4_102_444_800_000L;

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  public FleetMember {
    startAt = List.copyOf(startAt);
  }

  public FleetMember(List<Long> startAt, String clientHostName) {
    this(startAt, clientHostName, null);
  }

  /** These instants given, once the release came ({@link #awaitRelease} then done). */
  public FleetMember released(List<Long> instants) {
    return new FleetMember(instants, clientHostName, null);
  }

  /** Whether the runs are released at given instants. */
  public boolean synchronizedStart() {
    return !startAt.isEmpty();
  }

  /** Checks the values; the message names the option. */
  public void validate() {
    long previous = 0;
    for (long at : startAt) {
      if (at < EARLIEST || at > LATEST) {
        throw new IllegalArgumentException(
            "--start-at takes instants in epoch milliseconds (e.g. "
                + System.currentTimeMillis()
                + "), got "
                + at
                + (at > 0 && at < EARLIEST / 100 ? " (seconds? multiply by 1000)" : ""));
      }
      if (at <= previous) {
        throw new IllegalArgumentException(
            "--start-at: the instants must increase, got " + at + " after " + previous);
      }
      previous = at;
    }
    if (awaitRelease != null && !startAt.isEmpty()) {
      throw new IllegalArgumentException(
          "--await-release and --start-at both give the runs' instants: give one");
    }
    if (clientHostName != null && !NAME.matcher(clientHostName).matches()) {
      throw new IllegalArgumentException(
          "--client-host-name must be letters, digits, '.', '_' or '-', got '"
              + clientHostName
              + "'");
    }
  }

  /** The options that reproduce these, for {@code # options:} and the forked workers. */
  public void addArgs(List<String> args) {
    if (synchronizedStart()) {
      args.add("--start-at");
      args.add(startAt.stream().map(String::valueOf).collect(Collectors.joining(",")));
    }
    if (awaitRelease != null) {
      args.add("--await-release");
      args.add(awaitRelease.toString());
    }
    if (clientHostName != null) {
      args.add("--client-host-name");
      args.add(clientHostName);
    }
  }
}
