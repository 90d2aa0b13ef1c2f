package io.rpcxbench.server.openfeign;

import io.rpcxbench.api.InvalidArgumentException;
import io.rpcxbench.api.UnavailableException;
import io.rpcxbench.serverkit.RateLimitedLog;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every refused request as RFC 9457 problem+json, never a stack trace: Spring MVC's own problems
 * (unreadable body 400, wrong media type 415, ...), the contract's invalid argument (422, the
 * {@link InvalidArgumentException}'s message as detail), a body over {@link RequestBodyLimit}'s
 * bound (400), and a chain gateway's failed downstream service (503).
 *
 * <p>Why 422 for an invalid argument: its body was read whole and parsed, only a value is refused
 * (RFC 9110's "Unprocessable Content"), and the keep-alive connection stays usable. Tomcat's {@code
 * Http11Processor} ends the connection after every 400 (and 408, 411, 413, 414, 500, 501, 503: its
 * private {@code statusDropsConnection}, checked in the final {@code prepareResponse}, which adds
 * {@code Connection: close}, and again after the servlet returns; no setting turns it off).
 */
@RestControllerAdvice
final class BenchProblems extends ResponseEntityExceptionHandler {
  private static final RateLimitedLog warnings =
      new RateLimitedLog(LoggerFactory.getLogger(BenchProblems.class));

  /**
   * A request whose connection already failed (a stalled body past Tomcat's upload timeout: the
   * connection is closed, nothing can be answered) is one rate-limited line, not Spring's warning
   * per request ("Response already committed", 300 lines for 300 stalled connections in issue 30's
   * attack).
   */
  @Override
  protected ResponseEntity<Object> handleExceptionInternal(
      Exception e, Object body, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    if (request instanceof ServletWebRequest servlet
        && servlet.getResponse() != null
        && servlet.getResponse().isCommitted()) {
      warnings.warn(
          "committed", "openfeign: a request that cannot be answered any more: {}", e.toString());
      return null;
    }
    return super.handleExceptionInternal(e, body, headers, status, request);
  }

  @ExceptionHandler(InvalidArgumentException.class)
  ProblemDetail invalidArgument(InvalidArgumentException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY, e.getMessage());
  }

  @ExceptionHandler(UnavailableException.class)
  ProblemDetail unavailable(UnavailableException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
  }

  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e,
      HttpHeaders headers,
      HttpStatusCode status,
      WebRequest request) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof RequestBodyLimit.BodyTooLargeException tooLarge) {
        ProblemDetail body = ProblemDetail.forStatusAndDetail(status, tooLarge.getMessage());
        return handleExceptionInternal(e, body, headers, status, request);
      }
    }
    return super.handleHttpMessageNotReadable(e, headers, status, request);
  }
}
