package io.rpcxbench.harness.config;

import io.rpcxbench.harness.protocol.CallKind;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * What a point calls, in one option group: {@code --call}, {@code --payload}, {@code --items}. The
 * harness and every runner command that gives its points a call (sweep, choose) mix in this one
 * group, so each option has one declaration and one set of checks; a point gets the {@link Call} it
 * gives through that call's own writer ({@link Call#args()}). A sweep takes several sizes or counts
 * as a dimension of its own ({@link #payloads()}, {@link #itemCounts()}); one point takes one.
 *
 * <pre>{@code
 * rpcx-bench run --protocol rpcx --threads 1 --requests 100 --call echo --payload 1024
 * rpcx-bench sweep --protocol rpcx --threads 1 --requests 100 --call echo --payload 0,1024,16384
 * }</pre>
 */
public final class CallOptions {
  @Option(
      names = "--call",
      paramLabel = "hello|echo|put|items|message",
      converter = CallKindConverter.class,
      description =
          "hello(name) (default, the paper's call), echo(--payload random bytes),"
              + " put(64 B key, --payload bytes), items(--items) or message (your own:"
              + " --message, --data).")
  CallKind call;

  @Option(
      names = "--payload",
      paramLabel = "BYTES",
      split = ",",
      description =
          "Bytes of echo's payload (default 64) or put's value (default 512, the Geode put);"
              + " a sweep takes several (0,1024,16384): a dimension, every point once per size.")
  List<Integer> payload;

  @Option(
      names = "--items",
      paramLabel = "N",
      split = ",",
      description =
          "n of items(n): records per reply (default "
              + Load.DEFAULT_ITEMS
              + "); a sweep takes several (1,10,100): a dimension, every point once per count.")
  List<Integer> items;

  /** Whether any option of the group was given (none: the harness's default call). */
  public boolean anyGiven() {
    return call != null || payload != null || items != null;
  }

  /**
   * The call of one point: {@code --call} (hello when not given, or {@code otherwise}), its one
   * payload and item count.
   *
   * @throws IllegalArgumentException when several sizes or counts are given, or one the call does
   *     not use
   */
  public Call call(CallKind otherwise) {
    for (List<Integer> values : java.util.Arrays.asList(payload, items)) {
      if (values != null && values.size() > 1) {
        throw new IllegalArgumentException(
            (values == payload ? "--payload " : "--items ")
                + values.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse("")
                + ": one point takes one value (a sweep takes several, one point each)");
      }
    }
    return checked(single(payload), single(items), otherwise);
  }

  /**
   * The call every point of a sweep shares: {@link #call} with the sizes and counts given several
   * values left to the sweep's dimensions.
   */
  public Call sharedCall() {
    return checked(
        payloads().size() == 1 ? single(payload) : null,
        itemCounts().size() == 1 ? single(items) : null,
        CallKind.HELLO);
  }

  /** The payload sizes given (empty: none). */
  public List<Integer> payloads() {
    return payload == null ? List.of() : List.copyOf(payload);
  }

  /** The item counts given (empty: none). */
  public List<Integer> itemCounts() {
    return items == null ? List.of() : List.copyOf(items);
  }

  private Call checked(Integer onePayload, Integer oneCount, CallKind otherwise) {
    payloads().forEach(Load::checkPayload);
    itemCounts().forEach(Load::checkItems);
    CallKind kind = call != null ? call : otherwise;
    String ignored = kind.ignoredOption(payload != null, items != null);
    if (ignored != null) {
      throw new IllegalArgumentException(ignored);
    }
    return new Call(kind, onePayload, oneCount);
  }

  private static Integer single(List<Integer> values) {
    return values == null ? null : values.get(0);
  }

  /** --call values in any case, with a clear message. */
  static final class CallKindConverter implements ITypeConverter<CallKind> {
    @Override
    public CallKind convert(String value) {
      CallKind c = CallKind.byId(value);
      if (c == null) {
        throw new TypeConversionException(
            "'" + value + "' is not hello, echo, put, items or message");
      }
      return c;
    }
  }
}
