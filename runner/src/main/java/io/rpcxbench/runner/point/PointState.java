package io.rpcxbench.runner.point;

/** How a point ended, as its file says: the raw format's status, and errors for failed calls. */
public enum PointState {
  COMPLETE("complete"),
  /** Complete, but some calls failed. */
  ERRORS("errors"),
  TIMEOUT("timeout"),
  INCOMPLETE("incomplete"),
  FAILED("failed");

  public final String id;

  PointState(String id) {
    this.id = id;
  }

  /** Complete or errors: every run ran. */
  public boolean finished() {
    return this == COMPLETE || this == ERRORS;
  }

  /** What --retry-failed runs again. */
  public boolean retried() {
    return this == TIMEOUT || this == FAILED || this == INCOMPLETE;
  }

  static PointState ofStatus(String status) {
    for (PointState s : values()) {
      if (s.id.equals(status) && s != ERRORS) {
        return s;
      }
    }
    return FAILED;
  }

  @Override
  public String toString() {
    return id;
  }
}
