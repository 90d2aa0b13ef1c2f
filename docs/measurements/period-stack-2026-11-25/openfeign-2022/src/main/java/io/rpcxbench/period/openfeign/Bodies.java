package io.rpcxbench.period.openfeign;

import io.rpcxbench.period.Item;
import java.util.List;

/**
 * The JSON bodies of server-openfeign's {@code json} package as Java 8 beans, with the same
 * property names: {@code {"name":"world"}} and {@code {"message":"hello, world"}}, {@code
 * {"payload":"<base64>"}}, {@code {"key":"k","value":"<base64>"}} and {@code {"ok":true}}, {@code
 * {"n":10}} and {@code {"items":[...]}}.
 */
final class Bodies {
  private Bodies() {}

  /** Request of POST /hello; a null or absent name is refused with 422. */
  public static final class HelloRequest {
    private String name;

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }
  }

  /** Reply of POST /hello. */
  public static final class HelloReply {
    private final String message;

    HelloReply(String message) {
      this.message = message;
    }

    public String getMessage() {
      return message;
    }
  }

  /** Request and reply of POST /echo. */
  public static final class Echo {
    private byte[] payload;

    public Echo() {}

    Echo(byte[] payload) {
      this.payload = payload;
    }

    public byte[] getPayload() {
      return payload;
    }

    public void setPayload(byte[] payload) {
      this.payload = payload;
    }
  }

  /** Request of POST /put. */
  public static final class PutRequest {
    private String key;
    private byte[] value;

    public String getKey() {
      return key;
    }

    public void setKey(String key) {
      this.key = key;
    }

    public byte[] getValue() {
      return value;
    }

    public void setValue(byte[] value) {
      this.value = value;
    }
  }

  /** Reply of POST /put. */
  public static final class PutReply {
    private final boolean ok;

    PutReply(boolean ok) {
      this.ok = ok;
    }

    public boolean isOk() {
      return ok;
    }
  }

  /** Request of POST /items; {@code n} is boxed so that an absent n is a 422, not 0. */
  public static final class ItemsRequest {
    private Integer n;

    public Integer getN() {
      return n;
    }

    public void setN(Integer n) {
      this.n = n;
    }
  }

  /** Reply of POST /items. */
  public static final class ItemsReply {
    private final List<Item> items;

    ItemsReply(List<Item> items) {
      this.items = items;
    }

    public List<Item> getItems() {
      return items;
    }
  }
}
