package io.rpcxbench.runner.point;

/** Where the servers are: already running on a host, started here, or in the two-host lab. */
public enum ServerSite {
  /** --host B: servers already run on B (deploy/deploy.sh started them). */
  HOST,
  /** --local: this sweep starts the servers on 127.0.0.1 and stops them at the end. */
  LOCAL,
  /** --lab: the client in lab host A, the servers started in lab host B (deploy/lab.sh). */
  LAB,
  /** --fleet INVENTORY: every client host of the inventory at once against its server hosts. */
  FLEET;

  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
