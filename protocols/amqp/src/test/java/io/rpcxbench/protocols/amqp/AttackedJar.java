package io.rpcxbench.protocols.amqp;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcxbench.spi.BenchClient;
import io.rpcxbench.spi.ClientOptions;
import io.rpcxbench.spi.ProtocolProvider;
import io.rpcxbench.testsupport.AttackContract;
import io.rpcxbench.testsupport.AttackLine;
import io.rpcxbench.testsupport.AttackRounds;
import io.rpcxbench.testsupport.FreshServer;
import io.rpcxbench.testsupport.HonestCaller;
import io.rpcxbench.testsupport.ServerJarContract;
import io.rpcxbench.testsupport.ServerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The amqp fat jar under attack, with the criteria of test-support's {@code AttackContract}: the
 * catalog's server arguments at {@code -Xmx128m} ({@code -Dattack.jvm} for other flags), an honest
 * client calling {@code hello} through the plug-in on one thread (2 s deadline). An attack must
 * leave the jar alive, serving the honest client during it at least half as often as in the 3 s
 * before (the median second of a 3 s window; up to three before/during rounds, each with a fresh
 * attack, test-support's {@code AttackRounds}), every one of 100 calls after, at most {@value
 * #MAX_LOG_LINES} lines in the jar's log, RabbitMQ's node log (which cannot be rate-limited) under
 * its rotation bound, and the summed RSS peak of the jar and its children under {@link
 * #rssBoundMib()}. Each attack prints a line {@code ATTACK}: the figures of {@code
 * docs/hardening.md}.
 */
final class AttackedJar implements AutoCloseable {
  static final List<String> JVM_FLAGS = AttackContract.JVM_FLAGS;
  static final int HEAP_MIB = AttackContract.HEAP_MIB;

  private static final Path JAR = Path.of(System.getProperty("fatJar", "target/amqp-server.jar"));
  private static final int MAX_LOG_LINES = 20;

  /** The RabbitMQ node's log: a file rotated at its size, one old file kept, a line over each. */
  private static final long MAX_BROKER_LOG_BYTES = 2 * RabbitMqBroker.LOG_FILE_BYTES + 64 * 1024;

  /** The jar's JVM besides its heap (as {@code AttackContract}'s 200 MiB). */
  private static final int OVERHEAD_MIB = 200;

  /** A RabbitMQ node: its Erlang VM (100-200 MiB here), rabbitmq-server, the watchdog. */
  private static final int RABBITMQ_NODE_MIB = 300;

  /** An attack under way from {@link #start()} until {@link #close()}. */
  interface Attack extends AutoCloseable {
    void start() throws Exception;
  }

  /**
   * A fresh attack for each round, each kept for the test's own checks after them.
   *
   * @param <A> the attack
   */
  static final class Fresh<A extends Attack> implements Supplier<A> {
    private final Supplier<A> make;
    private final List<A> made = new ArrayList<>();

    Fresh(Supplier<A> make) {
      this.make = make;
    }

    @Override
    public A get() {
      A attack = make.get();
      made.add(attack);
      return attack;
    }

    /** The attacks made, one per round. */
    List<A> made() {
      return made;
    }

    /** The last attack made. */
    A last() {
      return made.get(made.size() - 1);
    }
  }

  /** What an attack did; {@code rounds} is null where served-during was not counted. */
  record Outcome(
      String name,
      AttackRounds rounds,
      int after,
      int failed,
      long peakMib,
      long jarPeakMib,
      long jarLines,
      long brokerLines,
      long brokerLogBytes,
      String firstFailure,
      String detail) {}

  private final String id;
  private final ServerProcess server;
  private final ServerProcessTree tree;
  private final BenchClient client;
  private final int port;
  private final AttackRounds.Control control;
  private final Path log;

  private AttackedJar(
      String id,
      ServerProcess server,
      ServerProcessTree tree,
      BenchClient client,
      int port,
      AttackRounds.Control control,
      Path log) {
    this.id = id;
    this.log = log;
    this.control = control;
    this.server = server;
    this.tree = tree;
    this.client = client;
    this.port = port;
  }

  /** Starts the catalog's jar of protocol {@code id}, its log in {@code dir}, and the client. */
  static AttackedJar start(String id, Path dir) throws Exception {
    ProtocolProvider provider = ServerJarContract.provider(id);
    Path log = dir.resolve("server.log");
    List<String> args = new ArrayList<>(JVM_FLAGS);
    args.addAll(List.of("-jar", JAR.toString(), "--bind", "127.0.0.1", "--port", "0"));
    args.addAll(provider.server().args());
    ServerProcess server = ServerJarContract.startReady("amqp", args, log);
    int port = server.awaitReadyPort();
    ClientOptions options =
        new ClientOptions("127.0.0.1", port, Duration.ofSeconds(2), Duration.ofSeconds(2), 1);
    try {
      return new AttackedJar(
          id,
          server,
          new ServerProcessTree(server.pid(), log),
          ServerJarContract.openOnColdServer(provider, options),
          port,
          FreshServer.control(id, "amqp", args, dir.resolve("fresh-server.log")),
          log);
    } catch (RuntimeException | InterruptedException e) {
      server.close();
      throw e;
    }
  }

  /**
   * Whether the jar still runs, and the last {@code n} lines of its log: what an assertion that
   * failed shows, so a broker that died under a loaded CI says why.
   */
  String state(int n) {
    List<String> lines;
    try {
      lines = java.nio.file.Files.readAllLines(log, java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      lines = List.of("(its log cannot be read: " + e.getMessage() + ")");
    }
    return (ProcessHandle.of(server.pid()).map(ProcessHandle::isAlive).orElse(false)
            ? "the jar runs"
            : "the jar has exited")
        + "; its log ends:\n"
        + String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
  }

  /** The control {@link AttackRounds} starts beside a suspected lasting slowdown: a fresh jar. */
  AttackRounds.Fresh freshBeside() throws Exception {
    return control.start();
  }

  /** The broker's AMQP port. */
  int port() {
    return port;
  }

  /** The honest client. */
  BenchClient client() {
    return client;
  }

  /** The summed RSS peak of the jar and its children must stay under this, MiB. */
  long rssBoundMib() {
    // Qpid keeps messages in direct memory, which is by default as large as the heap
    return HEAP_MIB + OVERHEAD_MIB + (id.equals(AmqpProtocol.ID) ? RABBITMQ_NODE_MIB : HEAP_MIB);
  }

  /**
   * Rounds of baseline and a fresh attack from {@code attacks} ({@link AttackRounds}), then the
   * honest calls after; printed, not yet asserted.
   */
  Outcome attack(String name, Supplier<? extends Attack> attacks, Supplier<String> detail)
      throws Exception {
    Mark mark = mark();
    AttackRounds rounds;
    int failed;
    String firstFailure;
    try (HonestCaller honest = HonestCaller.hellos(client)) {
      rounds =
          AttackRounds.run(
              honest,
              0,
              () -> {
                Attack attack = attacks.get();
                try {
                  attack.start();
                } catch (Exception | Error e) {
                  attack.close();
                  throw e;
                }
                return attack;
              },
              control);
      honest.close();
      failed = honest.failed();
      firstFailure = honest.firstFailure();
    }
    return measure(mark, name, rounds, failed, firstFailure, detail.get());
  }

  /** Where the log stood and the RSS peak reset, before an attack. */
  record Mark(long jarLines, long brokerLines) {}

  Mark mark() throws Exception {
    tree.resetPeak();
    return new Mark(tree.jarLogLines(), tree.brokerLogLines());
  }

  /** The 100 calls after an attack and what it left (memory, log); printed as a line ATTACK. */
  Outcome measure(
      Mark mark, String name, AttackRounds rounds, int failed, String firstFailure, String detail)
      throws Exception {
    Outcome o =
        new Outcome(
            name,
            rounds,
            HonestCaller.servedHellos(client, 100),
            failed,
            tree.peakMib(),
            tree.jarPeakMib(),
            tree.jarLogLines() - mark.jarLines(),
            tree.brokerLogLines() - mark.brokerLines(),
            tree.brokerLogBytes(),
            firstFailure,
            detail);
    AttackLine.printf(
        "%s %s (%s): honest calls before / during (%d s) %s, %d/100 after; %d"
            + " failed; RSS peak %d MiB (jar %d MiB + its children; bound %d); %d log lines;"
            + " broker log %d lines more, %,d bytes; %s%s",
        id,
        o.name(),
        String.join(" ", JVM_FLAGS),
        AttackRounds.WINDOW_SECONDS,
        o.rounds() == null ? "-" : o.rounds().describe(),
        o.after(),
        o.failed(),
        o.peakMib(),
        o.jarPeakMib(),
        rssBoundMib(),
        o.jarLines(),
        o.brokerLines(),
        o.brokerLogBytes(),
        o.detail(),
        o.firstFailure() == null ? "" : "; the first failed call: " + o.firstFailure());
    return o;
  }

  /** Alive, served during (where counted) and after, log and RSS under their bounds. */
  void assertHeld(Outcome o) {
    if (o.rounds() != null) {
      o.rounds().assertHeld();
    }
    assertSurvived(o);
  }

  /**
   * Alive and served after, log and RSS under their bounds; what it served during is printed, not
   * judged (an attack a shared request queue cannot be held against: {@link
   * AmqpAttacks#floodOf200000Requests}).
   */
  void assertSurvived(Outcome o) {
    assertThat(server.isAlive()).as("alive").isTrue();
    assertThat(o.after()).as("served after").isEqualTo(100);
    assertThat(o.jarLines()).as("log lines").isLessThanOrEqualTo(MAX_LOG_LINES);
    assertThat(o.brokerLogBytes()).as("broker log, bytes").isLessThan(MAX_BROKER_LOG_BYTES);
    assertThat(o.peakMib()).as("RSS peak, MiB").isLessThan(rssBoundMib());
  }

  /**
   * Stops the client, then the jar (SIGTERM: with RabbitMQ, the node stops and its folder goes).
   */
  @Override
  public void close() throws Exception {
    try {
      client.close();
    } finally {
      server.terminate();
    }
  }
}
