package io.rpcxbench.protocols.typedjson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.PackageVersion;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.rpcxbench.api.Item;
import io.rpcxbench.protocols.typedjson.wire.MessageTypes;
import io.rpcxbench.protocols.typedjson.wire.Reply;
import io.rpcxbench.protocols.typedjson.wire.Request;
import io.rpcxbench.protocols.typedjson.wire.TypedItem;

/**
 * The one Jackson configuration of both ends: type ids are Java class names ({@code @class}),
 * checked against {@link MessageTypes}; decoding is strict (no unknown properties, no missing or
 * null primitives, nothing after the value, nesting at most {@value #MAX_NESTING} deep). Readers
 * and writers are immutable and shared by all threads.
 */
final class TypedJson {
  /**
   * A request is 1 level deep, an items reply 4 (reply, list, item, tags), a user's message record
   * at most 2 + 2 x 32 (a message through a list or map per level; 32 is the deepest a data file or
   * generator may nest, docs/messages.md).
   */
  static final int MAX_NESTING = 72;

  static final ObjectMapper MAPPER =
      JsonMapper.builder(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
                  .build())
          .polymorphicTypeValidator(MessageTypes.ALLOW_LIST)
          .addMixIn(Item.class, TypedItem.class)
          .enable(
              DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
              DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES,
              DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          // a number is a JSON number: no 1.5 -> 1, no "10" -> 10 (issue 30)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
          .build();

  static final ObjectReader REQUESTS = MAPPER.readerFor(Request.class);
  static final ObjectWriter REQUEST_WRITER = MAPPER.writerFor(Request.class);
  static final ObjectReader REPLIES = MAPPER.readerFor(Reply.class);
  static final ObjectWriter REPLY_WRITER = MAPPER.writerFor(Reply.class);

  /** "2.21.4", for describe(). */
  static final String JACKSON_VERSION = PackageVersion.VERSION.toString();

  private TypedJson() {}
}
