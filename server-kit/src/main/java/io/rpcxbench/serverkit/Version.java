package io.rpcxbench.serverkit;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the jar's implementation version, when the manifest has one. */
final class Version implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = ServerCommand.class.getPackage().getImplementationVersion();
    return new String[] {"rpcx-bench server " + (version != null ? version : "0.1.0-SNAPSHOT")};
  }
}
