package io.rpcxbench.serverkit;

import io.rpcxbench.api.RpcxBenchVersion;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the one version string of every rpcx-bench jar. */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {RpcxBenchVersion.line()};
  }
}
