// The benchmark's four calls (docs/protocols.md, "The contract") as a Thrift service.
// The Java it generates is committed under src/main/gen-java: after editing, run ./regenerate.sh
// (Debian's thrift-compiler 0.17.0); CI runs ./regenerate.sh --check.

namespace java io.rpcxbench.protocols.thrift.wire

/** One record of items(n): bench-api's Item. */
struct Item {
  1: i64 id
  2: string name
  3: double price
  4: bool flag
  5: list<string> tags
}

/**
 * A missing or oversized argument: BenchLogic's InvalidArgumentException, declared so that it
 * travels as a reply (the connection stays usable), not as a TApplicationException.
 */
exception InvalidArgument {
  1: string message
}

/**
 * Arguments keep Thrift's default requiredness ("optional" is ignored in argument lists): the Java
 * client writes a string or binary argument only when it is not null, so a null travels as a
 * missing field, reaches the server as null, and BenchLogic rejects it there.
 */
service Bench {
  /** "hello, " + name */
  string hello(1: string name) throws (1: InvalidArgument invalid)

  /** the payload, unchanged (at most 1 MiB) */
  binary echo(1: binary payload) throws (1: InvalidArgument invalid)

  /** stores the value under the key (at most 1024 B) and returns true */
  bool put(1: string key, 2: binary value) throws (1: InvalidArgument invalid)

  /** n records, n in 0..10000 */
  list<Item> items(1: i32 n) throws (1: InvalidArgument invalid)
}
