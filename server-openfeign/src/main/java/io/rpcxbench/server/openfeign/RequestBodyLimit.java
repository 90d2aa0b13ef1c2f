package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.BenchContract;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds every request body: Jackson would otherwise buffer whatever a client sends. A body
 * declared or read past {@link #MAX_BODY} fails the read, which Spring MVC turns into a 400 (see
 * {@link BenchProblems}); so does a body still unfinished when the kit's frame deadline has passed
 * since the request reached its thread (a sender trickling bytes holds a request thread). A refused
 * body's connection closes once the 400 is flushed, without Tomcat reading the rest of the body
 * ({@link RefusedBodyClose}).
 */
final class RequestBodyLimit extends OncePerRequestFilter {
  /**
   * The largest legal body (a 1 MiB put value in base64 and a 1 KiB key, JSON-escaped) and
   * headroom.
   */
  static final long MAX_BODY = BenchContract.MAX_PAYLOAD * 4L / 3 + 4 + 64 * 1024;

  /** The server kit's {@code --max-frame}, when it is below {@link #MAX_BODY}. */
  static final String MAX_BODY_PROPERTY = "rpcxbench.max-body-bytes";

  /** The server kit's {@code --frame-deadline} in ms, for the whole body (0: none). */
  static final String BODY_DEADLINE_PROPERTY = "rpcxbench.body-deadline-ms";

  private final long maxBody;
  private final long deadlineNanos;

  RequestBodyLimit(Environment environment) {
    this.maxBody =
        Math.min(MAX_BODY, environment.getProperty(MAX_BODY_PROPERTY, Long.class, MAX_BODY));
    this.deadlineNanos =
        environment.getProperty(BODY_DEADLINE_PROPERTY, Long.class, 0L) * 1_000_000L;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    long deadline = deadlineNanos > 0 ? System.nanoTime() + deadlineNanos : 0;
    Bounded bounded = new Bounded(request, maxBody, deadline);
    chain.doFilter(bounded, response);
    if (bounded.refused && !request.isAsyncStarted() && response.getStatus() >= 400) {
      response.flushBuffer(); // the refusal's reply, then the close without reading the rest
      RefusedBodyClose.withoutReadingRest(request);
    }
  }

  /** The body was larger than the limit. */
  static final class BodyTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    BodyTooLargeException(long max) {
      super("request body is larger than " + max + " bytes");
    }
  }

  /** The body was still arriving at the deadline. */
  static final class BodyTooSlowException extends IOException {
    private static final long serialVersionUID = 1L;

    BodyTooSlowException() {
      super("request body still unfinished at the server's frame deadline");
    }
  }

  private static final class Bounded extends HttpServletRequestWrapper {
    private final long max;
    private final long deadline;
    private Counting in;

    /** The body was refused (too large or too slow). */
    private boolean refused;

    Bounded(HttpServletRequest request, long max, long deadline) {
      super(request);
      this.max = max;
      this.deadline = deadline;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (getContentLengthLong() > max) {
        refused = true;
        throw new BodyTooLargeException(max);
      }
      if (in == null) {
        in = new Counting(super.getInputStream(), max, deadline, this);
      }
      return in;
    }
  }

  private static final class Counting extends ServletInputStream {
    private final ServletInputStream in;
    private final long max;
    private final long deadline;
    private final Bounded request;
    private long read;

    Counting(ServletInputStream in, long max, long deadline, Bounded request) {
      this.in = in;
      this.max = max;
      this.deadline = deadline;
      this.request = request;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws IOException {
      read += n;
      if (read > max) {
        request.refused = true;
        throw new BodyTooLargeException(max);
      }
      if (deadline != 0 && System.nanoTime() - deadline > 0 && !in.isFinished()) {
        request.refused = true;
        throw new BodyTooSlowException();
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}
