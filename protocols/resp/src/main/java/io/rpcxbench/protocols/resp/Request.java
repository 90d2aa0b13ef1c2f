package io.rpcxbench.protocols.resp;

import java.util.Arrays;

/**
 * One contract call as a Redis command: its name and its arguments, which stop at the first missing
 * one (a null argument is simply not sent, so the server sees too few arguments and rejects the
 * call).
 */
record Request(RespCommand command, byte[][] args) {

  /** The command with {@code args} up to, not including, the first null. */
  static Request of(RespCommand command, byte[]... args) {
    int present = 0;
    while (present < args.length && args[present] != null) {
      present++;
    }
    return new Request(command, Arrays.copyOf(args, present));
  }
}
