package io.rpcxbench.server.openfeign;

import io.rpcxbench.serverkit.BudgetShare;
import io.rpcxbench.serverkit.InputBudget;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.env.Environment;

/**
 * Tomcat's slow-body defence (issue 30): a request's body is read before the request takes one of
 * Tomcat's request threads. What already arrived with the head is taken at once (an honest small
 * body, the benchmark's every call); a body still on its way is read by Servlet 3.1's non-blocking
 * I/O ({@link ReadListener}), which holds a connection but no thread, and the request is dispatched
 * to Spring MVC when its last byte is in. Without it, 300 connections that announce a 1 MiB body
 * and stall held all 200 request threads for Tomcat's upload timeout, and the honest calls queued
 * behind them for two of those (measured: 0 served in 9 s). A body past the frame limit ({@link
 * RequestBodyLimit#MAX_BODY}), past the process's budget of unfinished requests ({@code
 * --max-buffered}, {@link InputBudget}), or unfinished at the frame deadline is answered 400 or 503
 * and its connection closed without Tomcat reading the rest ({@link RefusedBodyClose}). A request
 * parked for its body counts Tomcat's part of it ({@link #PARKED_REQUEST_BYTES}) against the
 * budget, and when the budget is spent the one parked longest is evicted (issue 59).
 *
 * <pre>{@code
 * new BodyReadAhead(environment)   // registered first, for REQUEST and ASYNC dispatches
 * }</pre>
 */
final class BodyReadAhead implements Filter {
  /** The kit's {@code --max-buffered}: the bytes all unfinished bodies may hold (0: no budget). */
  static final String MAX_BUFFERED_PROPERTY = "rpcxbench.max-buffered-bytes";

  /** Where the async dispatch finds the body that was read ahead. */
  private static final String BODY = BodyReadAhead.class.getName() + ".body";

  private static final int CHUNK = 8 * 1024;

  /**
   * What a request parked here holds besides its body, counted against the budget: Tomcat's
   * processor, request and response with their buffers. Measured on Tomcat 10.1 (live heap over
   * 1,000 connections): 118 KB a connection with a parked body, 16 KB an idle one. Uncounted, 1,000
   * parked bodies of 1 KiB filled a 128 MiB heap and the server spent its CPU collecting (issue
   * 59's attack table); counted, the budget parks at most {@code --max-buffered} / this many, and a
   * new one evicts the one that waited longest.
   */
  static final long PARKED_REQUEST_BYTES = 120 * 1024;

  private static final int SC_UNAVAILABLE = HttpServletResponse.SC_SERVICE_UNAVAILABLE;

  private final long maxBody;
  private final long deadlineMs;
  private final InputBudget budget;

  BodyReadAhead(Environment environment) {
    this.maxBody =
        Math.min(
            RequestBodyLimit.MAX_BODY,
            environment.getProperty(
                RequestBodyLimit.MAX_BODY_PROPERTY, Long.class, RequestBodyLimit.MAX_BODY));
    this.deadlineMs =
        environment.getProperty(RequestBodyLimit.BODY_DEADLINE_PROPERTY, Long.class, 0L);
    this.budget =
        InputBudget.shared(environment.getProperty(MAX_BUFFERED_PROPERTY, Long.class, 0L));
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    if (request.getAttribute(BODY) instanceof byte[] body) {
      request.removeAttribute(BODY); // the dispatch after the body arrived
      chain.doFilter(new BufferedBody(request, body), res);
      return;
    }
    long length = request.getContentLengthLong();
    boolean chunked = request.getHeader("Transfer-Encoding") != null;
    if (request.getDispatcherType() != DispatcherType.REQUEST
        || (length <= 0 && !chunked)
        || length > maxBody
        || !request.isAsyncSupported()) {
      chain.doFilter(req, res); // no body, or one RequestBodyLimit refuses as it reads
      return;
    }
    ServletInputStream in = request.getInputStream();
    // grown as bytes arrive, never to the declared length: 300 stalled 1 MiB bodies are 300 chunks
    ByteArrayOutputStream arrived =
        new ByteArrayOutputStream((int) Math.min(CHUNK, Math.max(length, 1)));
    byte[] chunk = new byte[CHUNK];
    // what came with the head is in Tomcat's buffer: read without waiting
    while (in.available() > 0 && (length < 0 || arrived.size() < length)) {
      int n =
          in.read(chunk, 0, length < 0 ? CHUNK : (int) Math.min(CHUNK, length - arrived.size()));
      if (n < 0) {
        break;
      }
      arrived.write(chunk, 0, n);
    }
    if (length > 0 && arrived.size() >= length) {
      chain.doFilter(new BufferedBody(request, arrived.toByteArray()), res);
      return;
    }
    AsyncContext async = request.startAsync();
    async.setTimeout(deadlineMs > 0 ? deadlineMs : 0);
    BudgetShare share = budget.share();
    Collector collector =
        new Collector(async, in, arrived, length, (HttpServletResponse) res, share);
    share.onEvicted(collector::evicted); // before it holds: what it holds is then evictable
    async.addListener(collector);
    in.setReadListener(collector);
    if (!in.isReady()) { // Tomcat read the socket without waiting: nothing more has come
      collector.waiting();
    }
  }

  /** The capacity of the buffer {@code size} bytes of body are in: it doubles from a chunk. */
  private static long capacity(long size) {
    return Math.max(CHUNK, Long.highestOneBit(Math.max(size, 1)) << 1);
  }

  /**
   * Answers a refused body and closes its connection without reading the rest ({@link
   * RefusedBodyClose}): problem+json of a known length, flushed at once.
   */
  private static void answer(
      HttpServletRequest request, HttpServletResponse response, int status, String why)
      throws IOException {
    if (response.isCommitted()) {
      return;
    }
    byte[] reply = problem(status, why).getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setHeader("Connection", "close");
    response.setContentType("application/problem+json");
    response.setCharacterEncoding("UTF-8");
    response.setContentLength(reply.length); // whole before the close: no last chunk owed
    response.getOutputStream().write(reply);
    response.flushBuffer();
    RefusedBodyClose.withoutReadingRest(request);
  }

  /** RFC 9457's problem+json of a refusal. */
  static String problem(int status, String detail) {
    StringBuilder json = new StringBuilder("{\"type\":\"about:blank\",\"status\":");
    json.append(status).append(",\"detail\":\"");
    for (char c : detail.toCharArray()) {
      if (c == '"' || c == '\\') {
        json.append('\\').append(c);
      } else if (c < 0x20) {
        json.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
      } else {
        json.append(c);
      }
    }
    return json.append("\"}").toString();
  }

  /** Reads the rest of one body without a thread, then dispatches the request. */
  private final class Collector implements ReadListener, AsyncListener {
    private final AsyncContext async;
    private final ServletInputStream in;
    private final ByteArrayOutputStream body;
    private final long length;
    private final HttpServletResponse response;
    private final BudgetShare share;
    private final byte[] chunk = new byte[CHUNK];

    /** The body waited on the network: Tomcat's part of the request is counted. */
    private boolean parked;

    /** Answered or dispatched: by the container's thread, or by another that evicted it. */
    private final AtomicBoolean answered = new AtomicBoolean();

    Collector(
        AsyncContext async,
        ServletInputStream in,
        ByteArrayOutputStream body,
        long length,
        HttpServletResponse response,
        BudgetShare share) {
      this.async = async;
      this.in = in;
      this.body = body;
      this.length = length;
      this.response = response;
      this.share = share;
    }

    @Override
    public void onDataAvailable() throws IOException {
      while (!answered.get() && in.isReady()) {
        int n = in.read(chunk);
        if (n < 0) {
          if (in.isFinished()) {
            return; // the whole body: onAllDataRead follows
          }
          // the sender closed before its body was whole (Tomcat mostly says so through onError):
          // answered and ended now, not at the deadline
          refuse(HttpServletResponse.SC_BAD_REQUEST, "request body ended before its length");
          return;
        }
        long size = (long) body.size() + n;
        if (size > maxBody || (length > 0 && size > length)) {
          refuse(HttpServletResponse.SC_BAD_REQUEST, "request body is larger than " + maxBody);
          return;
        }
        if (!holds(size)) {
          return;
        }
        body.write(chunk, 0, n);
      }
      if (!answered.get() && !in.isFinished()) {
        waiting();
      }
    }

    /**
     * The rest of the body is not here yet: from now on the request is parked, and what it holds
     * counts Tomcat's part ({@link #PARKED_REQUEST_BYTES}) as well as the body's buffer. A body
     * that follows its head within Tomcat's read without waiting (an honest client writing head and
     * body apart) is never parked, so never refused for the budget.
     */
    void waiting() {
      if (!parked && !answered.get()) {
        parked = true;
        holds(body.size());
      }
    }

    /** Holds the buffer of {@code size} bytes (and Tomcat's part once parked), or refuses. */
    private boolean holds(long size) {
      long bytes = (parked ? PARKED_REQUEST_BYTES : 0) + capacity(size);
      if (share.holdingOverOldest(bytes)) {
        return true;
      }
      refuse(SC_UNAVAILABLE, share.refusal(bytes));
      return false;
    }

    @Override
    public void onAllDataRead() {
      if (!answered.compareAndSet(false, true)) {
        return;
      }
      async.getRequest().setAttribute(BODY, body.toByteArray());
      async.dispatch();
    }

    @Override
    public void onError(Throwable t) {
      refuse(HttpServletResponse.SC_BAD_REQUEST, "request body could not be read: " + t);
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      refuse(
          HttpServletResponse.SC_BAD_REQUEST,
          "request body still unfinished at the server's frame deadline");
    }

    @Override
    public void onComplete(AsyncEvent event) {
      share.release();
    }

    /**
     * The read failed (Tomcat's upload timeout): the request was answered in {@link #onError
     * (Throwable)}; completing here too is what tells Tomcat that a listener handled the error,
     * else it runs the error page (Spring's /error) over the written reply, which failed with a
     * stack trace per stalled body (issue 48).
     */
    @Override
    public void onError(AsyncEvent event) {
      share.release();
      try {
        async.complete();
      } catch (IllegalStateException e) {
        // completed already
      }
    }

    /**
     * Another request evicted this body's share of the budget (it waited longest, over {@link
     * io.rpcxbench.serverkit.InputBudget#EVICTABLE_AFTER}): answered 503 and closed, on the
     * evicting request's thread, unless its own thread answered first.
     */
    void evicted() {
      refuse(
          SC_UNAVAILABLE,
          "request body evicted: still unfinished while others needed the budget of unfinished"
              + " requests (--max-buffered)");
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      // not restarted
    }

    /**
     * Answers the request itself (problem+json, as {@link BenchProblems} would), sent at once: the
     * response is committed, so what Tomcat and Spring do next with the failed read (an error
     * dispatch to the exception handlers) cannot write over it, and {@link BenchProblems} logs it
     * as one rate-limited line (issue 48: it was a failed {@code @ExceptionHandler} with a 50-line
     * stack trace per stalled body, and no reply). Closes the connection and gives back its share.
     */
    private void refuse(int status, String why) {
      if (!answered.compareAndSet(false, true)) {
        return;
      }
      share.release();
      try {
        answer((HttpServletRequest) async.getRequest(), response, status, why);
      } catch (IOException | IllegalStateException e) {
        // the connection is gone: nothing to answer
      } finally {
        async.complete();
      }
    }
  }
}
