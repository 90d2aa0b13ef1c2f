package io.rpcxbench.server.openfeign;

import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;

/**
 * A refused body's connection closes without reading the rest of the body. Tomcat reads
 * ("swallows") what is left of a request's body before it closes the connection after a 400 or 503,
 * so that the client sees the reply, not a reset: up to {@code max-swallow-size} (2 MiB), each read
 * waiting the upload timeout. A refused sender that stalls or trickles held a request thread for
 * that long, or, trickling, for good: 1,000 connections announcing a 2 GiB body, or trickling a
 * byte every 200 ms, held all 200 request threads and served no honest call (issue 59's attack
 * table). Tomcat skips the swallow when the request is marked {@code DISABLE_SWALLOW_INPUT}, which
 * it does itself only for a 413 with {@code swallowAbortedUploads=false}; a context valve gives
 * every request a way to ask for it ({@link #withoutReadingRest}), which the refusals of {@link
 * BodyReadAhead} and {@link RequestBodyLimit} call once their reply is flushed.
 *
 * <pre>{@code
 * RefusedBodyClose.withoutReadingRest(request) // after the refusal's reply is flushed
 * }</pre>
 */
final class RefusedBodyClose implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
  /** The request attribute holding the request's own way to close without the swallow. */
  private static final String CLOSE = RefusedBodyClose.class.getName();

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextValves(new Publisher());
  }

  /**
   * Closes the request's connection once its reply is written, without reading what is left of its
   * body. The reply must already carry its refusal status (400 or above: Tomcat would make it a
   * 500) and be flushed. No effect on a request that did not pass the valve.
   */
  static void withoutReadingRest(ServletRequest request) {
    if (request.getAttribute(CLOSE) instanceof Runnable close) {
      close.run();
    }
  }

  /** Gives each request, as it enters the context, the action that closes it unread. */
  private static final class Publisher extends ValveBase {
    Publisher() {
      super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
      Runnable close =
          () -> {
            // marks the processor's error state CLOSE_CLEAN: the reply is finished, then closed
            request.getCoyoteRequest().action(ActionCode.DISABLE_SWALLOW_INPUT, null);
            // the reply is the report: no error page dispatched over it
            response.getCoyoteResponse().setErrorReported();
          };
      request.setAttribute(CLOSE, close);
      getNext().invoke(request, response);
    }
  }
}
