package io.rpcxbench.harness;

import picocli.CommandLine.Option;

/**
 * The options of a client host that drives a point together with others (deploy/fleet,
 * docs/fleet.md): {@code --start-at} and {@code --client-host-name}.
 */
final class FleetOptions {
  @Option(
      names = "--start-at",
      paramLabel = "EPOCH_MS",
      description =
          "Release the first run's threads at this instant (epoch ms on this host's clock), e.g."
              + " the same value on every client host of a point; the actual release is recorded"
              + " (released_at_ms).")
  long startAt;

  @Option(
      names = "--client-host-name",
      paramLabel = "NAME",
      description =
          "The name this client host goes by in the results (client_host), e.g. its inventory"
              + " name (default: the OS host name).")
  String clientHostName;

  FleetMember member() {
    return new FleetMember(startAt, clientHostName);
  }
}
