package io.rpcxbench.link;

/**
 * A named link: its two directions (up: host A to host B, the client's requests; down: the replies)
 * and what it stands for. {@link NetworkProfiles} reads the named ones.
 */
record NetworkProfile(String name, LinkDirection up, LinkDirection down, String description) {

  /** The round-trip time the profile adds to the link's own. */
  long addedRttNanos() {
    return up.delayNanos() + down.delayNanos();
  }

  NetworkProfile withUp(LinkDirection d) {
    return new NetworkProfile(name, d, down, description);
  }

  NetworkProfile withDown(LinkDirection d) {
    return new NetworkProfile(name, up, d, description);
  }
}
