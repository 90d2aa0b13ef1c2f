package io.rpcxbench.report.gc;

import picocli.CommandLine.Option;

/** The server's uptime window that window and next read: --from S --to S (jcmd VM.uptime). */
final class UptimeWindow {
  @Option(
      names = "--from",
      required = true,
      paramLabel = "S",
      converter = DecimalText.Converter.class,
      description = "The window's first second of uptime (jcmd PID VM.uptime).")
  DecimalText from;

  @Option(
      names = "--to",
      required = true,
      paramLabel = "S",
      converter = DecimalText.Converter.class,
      description = "The window's last second of uptime.")
  DecimalText to;
}
