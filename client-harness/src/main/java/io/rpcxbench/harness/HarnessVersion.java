package io.rpcxbench.harness;

import io.rpcxbench.api.RpcxBenchVersion;
import picocli.CommandLine;

/** {@code --version} of {@link HarnessCommand}: the one version string of every rpcx-bench jar. */
final class HarnessVersion implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {RpcxBenchVersion.line()};
  }
}
