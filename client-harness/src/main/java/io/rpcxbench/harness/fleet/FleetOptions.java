package io.rpcxbench.harness.fleet;

import io.rpcxbench.harness.config.FleetMember;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of a client host that drives a point together with others (deploy/fleet,
 * docs/fleet.md): {@code --start-at} and {@code --client-host-name}; and {@code --await-release}, a
 * harness taking turns with others on one machine.
 */
public final class FleetOptions {
  @Option(
      names = "--start-at",
      paramLabel = "EPOCH_MS[,EPOCH_MS...]",
      split = ",",
      description =
          "Release the first run's threads at this instant (epoch ms on this host's clock), the"
              + " same on every client host of a point; more instants release the next runs"
              + " (order k at the k-th). The actual releases are recorded (released_at_ms).")
  List<Long> startAt = new ArrayList<>();

  @Option(
      names = "--client-host-name",
      paramLabel = "NAME",
      description =
          "The name this client host goes by in the results (client_host), e.g. its inventory"
              + " name (default: the OS host name).")
  String clientHostName;

  @Option(
      names = "--await-release",
      paramLabel = "FILE",
      description =
          "After the warm-up, write FILE.ready and wait for FILE to give the runs' instants"
              + " (epoch ms, comma-separated, as --start-at): how compare pairs its variants in"
              + " windows of one round, each harness measuring while the others wait.")
  java.nio.file.Path awaitRelease;

  public FleetMember member() {
    return new FleetMember(startAt, clientHostName, awaitRelease);
  }
}
