package io.rpcxbench.harness.runner.compare;

import io.rpcxbench.harness.runner.point.Placement;
import java.util.List;

/**
 * compare's name for the shared {@link Placement} (the rule lives there): {@link CompareRounds}
 * names this type, and goes over to {@link Placement} in its own change.
 */
record CpuPlacement(Placement rule) {
  List<String> serverPrefix() {
    return rule.serverPrefix();
  }

  List<String> clientPrefix() {
    return rule.clientPrefix();
  }

  int serverCores() {
    return rule.serverCores();
  }

  String text() {
    return rule.text();
  }
}
