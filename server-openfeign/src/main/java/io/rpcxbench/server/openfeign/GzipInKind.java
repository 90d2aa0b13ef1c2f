package io.rpcxbench.server.openfeign;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.springframework.core.env.Environment;

/**
 * HTTP gzip both ways for a client that compresses its requests ({@code openfeign} and {@code
 * openfeign-tuned} with {@code --compression gzip}): a request body sent with {@code
 * Content-Encoding: gzip} is inflated here, bounded by the same limit as a plain body ({@link
 * RequestBodyLimit#MAX_BODY}, or the kit's {@code --max-frame}), and the reply is compressed in
 * kind ({@link GzipReply}) when the request also accepts gzip. Any other request passes as before.
 *
 * <p>Why here: Tomcat inflates no request body, and its own reply compression ({@code
 * server.compression}, which http-json's replies-only gzip uses) compresses for every client that
 * sends {@code Accept-Encoding: gzip}, which HttpClient 5 always does: openfeign-tuned's plain
 * point would be compressed too. Deciding by the request's own encoding, as gRPC and Thrift answer
 * in kind, needs no server flag, so the runner starts the server the same way for both points.
 *
 * <p>A body that inflates past the limit (a gzip bomb) is answered 413, one that is not gzip 400,
 * each with a problem+json line; Tomcat then closes that connection (as after every 400 and 413)
 * and serves on. A body in any other coding ({@code br}, {@code deflate}, a list) is answered 415
 * with {@code Accept-Encoding: gzip} (RFC 9110), not read as if it were plain.
 */
final class GzipInKind implements Filter {
  static final String GZIP = "gzip";

  private final long maxBody;

  GzipInKind(Environment environment) {
    this.maxBody =
        Math.min(
            RequestBodyLimit.MAX_BODY,
            environment.getProperty(
                RequestBodyLimit.MAX_BODY_PROPERTY, Long.class, RequestBodyLimit.MAX_BODY));
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
    String encoding = request.getHeader("Content-Encoding");
    if (!isGzip(encoding)) {
      if (encoding != null && !isIdentity(encoding)) {
        // RFC 9110 15.5.16: 415, naming the codings this server undoes
        response.setHeader("Accept-Encoding", GZIP);
        refuse(
            response,
            HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE,
            "Content-Encoding " + encoding + " is not supported: send gzip or no Content-Encoding");
        return;
      }
      chain.doFilter(req, res);
      return;
    }
    byte[] body;
    try {
      body = inflate(request.getInputStream());
    } catch (BombException e) {
      refuse(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, e.getMessage());
      return;
    } catch (ZipException | java.io.EOFException e) {
      refuse(response, HttpServletResponse.SC_BAD_REQUEST, "request body is not gzip: " + e);
      return;
    }
    HttpServletRequest inflated = new Inflated(new BufferedBody(request, body), body.length);
    if (!acceptsGzip(request.getHeaders("Accept-Encoding"))) {
      chain.doFilter(inflated, res);
      return;
    }
    GzipReply reply = new GzipReply(response);
    chain.doFilter(inflated, reply);
    reply.finish();
  }

  /** The body inflated, at most {@link #maxBody} bytes each side of the inflater. */
  private byte[] inflate(InputStream raw) throws IOException {
    byte[] compressed = raw.readNBytes((int) maxBody + 1);
    if (compressed.length > maxBody) {
      throw new BombException("gzip request body is larger than " + maxBody + " bytes");
    }
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
      byte[] inflated = in.readNBytes((int) maxBody + 1);
      if (inflated.length > maxBody) {
        throw new BombException("gzip request body inflates to over " + maxBody + " bytes");
      }
      return inflated;
    }
  }

  static boolean isGzip(String contentEncoding) {
    if (contentEncoding == null) {
      return false;
    }
    String coding = contentEncoding.trim().toLowerCase(Locale.ROOT);
    return coding.equals(GZIP) || coding.equals("x-gzip");
  }

  static boolean isIdentity(String contentEncoding) {
    String coding = contentEncoding.trim().toLowerCase(Locale.ROOT);
    return coding.isEmpty() || coding.equals("identity");
  }

  /** Whether {@code Accept-Encoding} names gzip (or {@code *}) with a weight above zero. */
  static boolean acceptsGzip(Enumeration<String> acceptEncoding) {
    for (String header :
        acceptEncoding == null ? List.<String>of() : Collections.list(acceptEncoding)) {
      for (String entry : header.split(",")) {
        String[] parts = entry.split(";");
        String coding = parts[0].trim().toLowerCase(Locale.ROOT);
        if ((coding.equals(GZIP) || coding.equals("x-gzip") || coding.equals("*"))
            && !weightZero(parts)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean weightZero(String[] parts) {
    for (int i = 1; i < parts.length; i++) {
      String p = parts[i].trim().toLowerCase(Locale.ROOT);
      if (p.startsWith("q=")) {
        try {
          return Double.parseDouble(p.substring(2)) <= 0;
        } catch (NumberFormatException e) {
          return true;
        }
      }
    }
    return false;
  }

  private static void refuse(HttpServletResponse response, int status, String detail)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/problem+json");
    byte[] json =
        ("{\"type\":\"about:blank\",\"status\":"
                + status
                + ",\"detail\":\""
                + detail.replace("\\", "\\\\").replace("\"", "\\\"")
                + "\"}")
            .getBytes(StandardCharsets.UTF_8);
    response.setContentLength(json.length);
    response.getOutputStream().write(json);
  }

  /** The body inflates past the limit. */
  private static final class BombException extends IOException {
    private static final long serialVersionUID = 1L;

    BombException(String message) {
      super(message);
    }
  }

  /** The inflated request: its body's length, and no {@code Content-Encoding} any more. */
  private static final class Inflated extends HttpServletRequestWrapper {
    private final int length;

    Inflated(HttpServletRequest request, int length) {
      super(request);
      this.length = length;
    }

    @Override
    public int getContentLength() {
      return length;
    }

    @Override
    public long getContentLengthLong() {
      return length;
    }

    @Override
    public String getHeader(String name) {
      if ("Content-Encoding".equalsIgnoreCase(name)) {
        return null;
      }
      if ("Content-Length".equalsIgnoreCase(name)) {
        return String.valueOf(length);
      }
      return super.getHeader(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
      if ("Content-Encoding".equalsIgnoreCase(name)) {
        return Collections.emptyEnumeration();
      }
      if ("Content-Length".equalsIgnoreCase(name)) {
        return Collections.enumeration(List.of(String.valueOf(length)));
      }
      return super.getHeaders(name);
    }

    @Override
    public Enumeration<String> getHeaderNames() {
      List<String> names = Collections.list(super.getHeaderNames());
      names.removeIf(n -> n.equalsIgnoreCase("Content-Encoding"));
      return Collections.enumeration(names);
    }
  }
}
