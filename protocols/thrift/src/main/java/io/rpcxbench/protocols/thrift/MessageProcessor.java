package io.rpcxbench.protocols.thrift;

import com.google.protobuf.Descriptors.Descriptor;
import io.rpcxbench.api.BenchService;
import io.rpcxbench.message.MessageReply;
import io.rpcxbench.message.PublishedMessage;
import io.rpcxbench.protocols.thrift.wire.Bench;
import io.rpcxbench.serverkit.ServerStarter;
import java.util.Map;
import org.apache.thrift.ProcessFunction;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TException;
import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TType;

/**
 * The server's processor: the generated one's methods by name, as its base class dispatches them,
 * and beside them the {@code message} call ({@link MessageCallWire}): the record read field by
 * field as the type the kit's {@code --message} names, answered in the mode asked for and written
 * again. Without {@code --message} a message call is refused as an invalid argument, and the
 * connection stays usable.
 */
final class MessageProcessor implements TProcessor {
  private final Bench.Iface handler;

  @SuppressWarnings("rawtypes")
  private final Map<String, ProcessFunction> functions;

  private final Descriptor type;

  @SuppressWarnings({"rawtypes", "unchecked"})
  private MessageProcessor(Bench.Iface handler, Descriptor type) {
    this.handler = handler;
    this.functions = (Map) new Bench.Processor<>(handler).getProcessMapView();
    this.type = type;
  }

  /** The processor of {@code service}; a message shape that cannot be used refuses the start. */
  static MessageProcessor of(BenchService service) {
    PublishedMessage message = PublishedMessage.of(service, ServerStarter.RefusedService::new);
    return new MessageProcessor(
        new BenchHandler(service), message.published() ? message.type() : null);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void process(TProtocol in, TProtocol out) throws TException {
    TMessage call = in.readMessageBegin();
    if (MessageCallWire.METHOD.equals(call.name)) {
      message(call.seqid, in, out);
      return;
    }
    var function = functions.get(call.name);
    if (function == null) {
      TProtocolUtil.skip(in, TType.STRUCT);
      in.readMessageEnd();
      TApplicationException unknown =
          new TApplicationException(
              TApplicationException.UNKNOWN_METHOD, "Invalid method name: '" + call.name + "'");
      out.writeMessageBegin(new TMessage(call.name, TMessageType.EXCEPTION, call.seqid));
      unknown.write(out);
      out.writeMessageEnd();
      out.getTransport().flush();
      return;
    }
    function.process(call.seqid, in, out, handler);
  }

  private void message(int seqid, TProtocol in, TProtocol out) throws TException {
    MessageCallWire.Args args = MessageCallWire.readArgs(in, type);
    if (type == null) {
      MessageCallWire.writeRefusal(out, seqid, "this server was started without --message");
    } else if (args.reply() < 0 || args.reply() >= MessageReply.values().length) {
      MessageCallWire.writeRefusal(out, seqid, "unknown reply mode " + args.reply());
    } else if (args.record() == null) {
      MessageCallWire.writeRefusal(out, seqid, "a message call without its record");
    } else {
      MessageCallWire.writeAnswer(
          out, seqid, MessageReply.values()[args.reply()].answer(args.record()));
    }
  }
}
