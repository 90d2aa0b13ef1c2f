package io.rpcxbench.runner.point;

import io.rpcxbench.harness.HarnessPoints;
import picocli.CommandLine;

/** The one version string of rpcx-bench and each of its commands. */
public final class CommandVersion implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"rpcx-bench " + HarnessPoints.version()};
  }
}
