package io.rpcxbench.protocols.httpjson;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;

/**
 * HTTP gzip for the replies: the client asks with {@code Accept-Encoding: gzip}, and a reply the
 * server compressed ({@code Content-Encoding: gzip}, Tomcat's compression) is inflated here,
 * bounded (a small reply must not inflate into a large one without limit). The JDK's HttpClient
 * does neither by itself.
 */
final class GzipReplies {
  static final String ACCEPT = "gzip";

  /** The largest inflated reply: above the largest benchmark reply (a few MiB). */
  static final int MAX_INFLATED = 64 * 1024 * 1024;

  private GzipReplies() {}

  /** The reply's body, inflated when the server compressed it. */
  static byte[] body(HttpResponse<byte[]> response) throws IOException {
    boolean gzipped =
        response
            .headers()
            .firstValue("Content-Encoding")
            .map(v -> v.trim().equalsIgnoreCase("gzip"))
            .orElse(false);
    if (!gzipped) {
      return response.body();
    }
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(response.body()))) {
      byte[] inflated = in.readNBytes(MAX_INFLATED + 1);
      if (inflated.length > MAX_INFLATED) {
        throw new IOException("a gzip reply inflates to over " + MAX_INFLATED + " bytes");
      }
      return inflated;
    }
  }
}
