package io.rpcxbench.report.db;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Reads a file's lines in bounded memory: a line longer than {@code maxBytes} is skipped to its end
 * and returned as {@link #TOO_LONG}, so neither a file without line breaks nor a huge file of junk
 * can fill the heap. A leading UTF-8 BOM and CR before LF are dropped; bytes that are not UTF-8
 * become U+FFFD. Also computes the SHA-256 of every byte it read.
 */
final class BoundedLineReader implements Closeable {
  /** Returned (by identity) for a line longer than the limit. */
  static final String TOO_LONG = new String("<line too long>");

  private final InputStream in;
  private final int maxBytes;
  private final byte[] buffer = new byte[64 * 1024];
  private final byte[] line;
  private final MessageDigest sha256;
  private int pos;
  private int end;
  private int lineNumber;
  private boolean eof;

  BoundedLineReader(InputStream in, int maxBytes) {
    this.in = in;
    this.maxBytes = maxBytes;
    this.line = new byte[maxBytes];
    try {
      this.sha256 = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("JDK without SHA-256", e);
    }
  }

  /** The next line without its line end, {@link #TOO_LONG}, or null at the end of the file. */
  String next() throws IOException {
    int length = 0;
    boolean tooLong = false;
    boolean any = false;
    while (true) {
      if (pos == end && !fill()) {
        if (!any) {
          return null;
        }
        break;
      }
      any = true;
      byte b = buffer[pos++];
      if (b == '\n') {
        break;
      }
      if (length < maxBytes) {
        line[length++] = b;
      } else {
        tooLong = true;
      }
    }
    lineNumber++;
    if (tooLong) {
      return TOO_LONG;
    }
    int from = 0;
    if (lineNumber == 1
        && length >= 3
        && line[0] == (byte) 0xEF
        && line[1] == (byte) 0xBB
        && line[2] == (byte) 0xBF) {
      from = 3;
    }
    if (length > from && line[length - 1] == '\r') {
      length--;
    }
    return new String(line, from, length - from, StandardCharsets.UTF_8);
  }

  /** 1-based number of the line {@link #next} returned last. */
  int lineNumber() {
    return lineNumber;
  }

  /** Reads to the end of the file (for the checksum) and returns the SHA-256 in hex. */
  String sha256ToEnd() throws IOException {
    pos = end;
    while (fill()) {
      pos = end;
    }
    return HexFormat.of().formatHex(sha256.digest());
  }

  private boolean fill() throws IOException {
    if (eof) {
      return false;
    }
    int n = in.read(buffer);
    if (n < 0) {
      eof = true;
      return false;
    }
    sha256.update(buffer, 0, n);
    pos = 0;
    end = n;
    return true;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
