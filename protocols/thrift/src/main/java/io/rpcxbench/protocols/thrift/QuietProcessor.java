package io.rpcxbench.protocols.thrift;

import io.rpcxbench.serverkit.RateLimitedLog;
import org.apache.thrift.TException;
import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TTransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's processor, with its failures logged our way: TThreadPoolServer logs every exception
 * but a clean end of stream at ERROR with a stack trace, one per connection a fuzzer opens. This
 * logs one rate-limited line instead and ends the connection as a clean end would.
 */
final class QuietProcessor implements TProcessor {
  private static final Logger log = LoggerFactory.getLogger(QuietProcessor.class);

  private final TProcessor processor;
  private final RateLimitedLog warnings = new RateLimitedLog(log);

  QuietProcessor(TProcessor processor) {
    this.processor = processor;
  }

  @Override
  public void process(TProtocol in, TProtocol out) throws TException {
    try {
      processor.process(in, out);
    } catch (TTransportException e) {
      if (e.getType() == TTransportException.END_OF_FILE) {
        throw e;
      }
      log.debug("thrift: connection ended: {}", e.toString());
      throw new TTransportException(TTransportException.END_OF_FILE, e.getMessage());
    } catch (TException | RuntimeException e) {
      warnings.warn(
          "bad-input", "thrift: closing a connection: unreadable request: {}", e.toString());
      throw new TTransportException(TTransportException.END_OF_FILE, e.toString());
    }
  }
}
