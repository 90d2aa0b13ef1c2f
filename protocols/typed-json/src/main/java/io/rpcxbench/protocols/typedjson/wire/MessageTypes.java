package io.rpcxbench.protocols.typedjson.wire;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.cfg.MapperConfig;
import com.fasterxml.jackson.databind.jsontype.PolymorphicTypeValidator;
import io.rpcxbench.api.Item;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The allow-list of type ids: exactly the contract's message types, matched by name, and every
 * other name refused before Jackson looks a class up. A type id is a class name chosen by the peer,
 * so this is what keeps a typed-JSON endpoint from instantiating "gadget" classes (e.g. {@code
 * com.sun.rowset.JdbcRowSetImpl}).
 *
 * <p>Why not {@code BasicPolymorphicTypeValidator}: its name rules can only allow; a name they do
 * not allow is undecided, and Jackson then loads <em>and initializes</em> the class to check it
 * against the class rules and the base type (static initializers run; see {@code
 * MessageTypesTest}). Here a name outside the list is {@link Validity#DENIED} at once.
 *
 * <pre>{@code
 * JsonMapper.builder().polymorphicTypeValidator(MessageTypes.ALLOW_LIST).build();
 * }</pre>
 */
public final class MessageTypes extends PolymorphicTypeValidator.Base {
  private static final long serialVersionUID = 1L;

  /** Every type that may appear as a type id on the wire, requests and replies. */
  public static final List<Class<?>> TYPES =
      List.of(
          HelloRequest.class,
          EchoRequest.class,
          PutRequest.class,
          ItemsRequest.class,
          RecordRequest.class,
          HelloReply.class,
          EchoReply.class,
          PutReply.class,
          ItemsReply.class,
          RecordReply.class,
          ErrorReply.class,
          Item.class);

  /** The validator for the mapper. */
  public static final MessageTypes ALLOW_LIST = new MessageTypes();

  private final Set<String> names =
      TYPES.stream().map(Class::getName).collect(Collectors.toUnmodifiableSet());

  private MessageTypes() {}

  @Override
  public Validity validateSubClassName(
      MapperConfig<?> config, JavaType baseType, String subClassName) {
    return names.contains(subClassName) ? Validity.ALLOWED : Validity.DENIED;
  }

  @Override
  public Validity validateSubType(MapperConfig<?> config, JavaType baseType, JavaType subType) {
    return names.contains(subType.getRawClass().getName()) ? Validity.ALLOWED : Validity.DENIED;
  }
}
