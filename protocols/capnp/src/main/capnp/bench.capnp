# rpcx-bench "raw socket + Cap'n Proto": one Request, then one Reply, on a plain TCP socket, each
# in Cap'n Proto's standard stream framing (segment table, then the segments; no packing).
# No capnpc-java compiler exists here: the Java accessors (src/main/java/.../wire/) are written
# by hand against these layouts. `capnp compile -ocapnp bench.capnp` prints every field's
# offset; WireLayoutTest checks the accessors against `capnp encode/decode`.
@0xf27b2f370881b97d;

struct Request {
  # One call. A null argument travels as a null pointer ("missing"); the server rejects it.
  id @0 :UInt64;
  union {
    hello :group {
      name @1 :Text;
    }
    echo :group {
      payload @2 :Data;
    }
    put :group {
      key @3 :Text;
      value @4 :Data;
    }
    items :group {
      n @5 :Int32;
    }
  }
}

struct Reply {
  # The answer to the Request with the same id: a result, or an error (the socket stays open).
  id @0 :UInt64;
  union {
    hello @1 :Text;
    echo @2 :Data;
    put @3 :Bool;
    items @4 :List(Item);
    error :group {
      code @5 :ErrorCode;
      message @6 :Text;
    }
  }
}

enum ErrorCode {
  unspecified @0;
  invalidArgument @1;
  internal @2;
}

struct Item {
  id @0 :Int64;
  name @1 :Text;
  price @2 :Float64;
  flag @3 :Bool;
  tags @4 :List(Text);
}
