package io.rpcxbench.tls;

/** A certificate, key or CA file that cannot be used; its message is one line for the user. */
public final class TlsSetupException extends RuntimeException {
  public TlsSetupException(String message) {
    super(message);
  }
}
