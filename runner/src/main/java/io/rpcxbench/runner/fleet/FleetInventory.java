package io.rpcxbench.runner.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcxbench.raw.PointIdentity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The fleet of {@code --fleet INVENTORY}: the Ansible inventory's client hosts (load generators)
 * and server hosts, read by Ansible itself ({@code ansible-inventory --list}), so every inventory
 * form Ansible reads (ini, YAML, groups of groups) counts the same hosts the playbook will. A
 * point's file on a fleet is the merged one, named by its client hosts ({@code -x3}).
 *
 * <pre>{@code
 * FleetInventory f = FleetInventory.read(Path.of("inventory.ini"));
 * f.clients();                                          // [client-1, client-2, client-3]
 * f.merged(Path.of("out/rpcx/open-r3000-d10s.csv"));    // out/rpcx/open-r3000-d10s-x3.csv
 * }</pre>
 */
public record FleetInventory(
    Path inventory, List<String> clients, List<String> servers, Map<String, String> vars) {
  static final String CLIENTS = "clients";
  static final String SERVERS = "servers";
  private static final long READ_TIMEOUT_S = 60;

  public FleetInventory {
    clients = List.copyOf(clients);
    servers = List.copyOf(servers);
    vars = Map.copyOf(vars);
    for (String key : vars.keySet()) {
      if (FleetVars.POINT_KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "--fleet-var "
                + key
                + ": the runner sets it for every point (use the sweep's options)");
      }
    }
    if (clients.isEmpty() || servers.isEmpty()) {
      throw new IllegalArgumentException(
          "--fleet "
              + inventory
              + ": the inventory needs a group '"
              + CLIENTS
              + "' (load generators) and a group '"
              + SERVERS
              + "' (docs/fleet.md); it has "
              + clients.size()
              + " client and "
              + servers.size()
              + " server hosts");
    }
  }

  /**
   * Reads {@code inventory} with {@code ansible-inventory}.
   *
   * @throws IllegalArgumentException in one line: no such file, no ansible-inventory, an inventory
   *     Ansible cannot read, or one without client or server hosts
   */
  public static FleetInventory read(Path inventory, Map<String, String> vars) {
    if (!Files.isRegularFile(inventory)) {
      throw new IllegalArgumentException("--fleet: no inventory file at " + inventory);
    }
    String json = ansibleInventory(inventory);
    try {
      return parse(inventory, new ObjectMapper().readTree(json)).with(vars);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--fleet " + inventory + ": ansible-inventory printed no JSON: " + e.getMessage());
    }
  }

  /** The inventory from {@code ansible-inventory --list}'s JSON. */
  static FleetInventory parse(Path inventory, JsonNode list) {
    return new FleetInventory(
        inventory,
        hosts(list, CLIENTS, new LinkedHashSet<>()),
        hosts(list, SERVERS, new LinkedHashSet<>()),
        Map.of());
  }

  /** This fleet with the playbook's variables {@code vars} ({@code --fleet-var}). */
  FleetInventory with(Map<String, String> more) {
    return new FleetInventory(inventory, clients, servers, more);
  }

  /** The merged point's file of a point whose every host writes {@code hostFile}'s name. */
  public Path merged(Path hostFile) {
    return hostFile.resolveSibling(
        PointIdentity.mergedFileName(hostFile.getFileName().toString(), clients.size()));
  }

  /** A group's hosts, its child groups' included, in inventory order. */
  private static List<String> hosts(JsonNode list, String group, Set<String> seen) {
    List<String> out = new ArrayList<>();
    if (!seen.add(group)) {
      return out;
    }
    JsonNode g = list.path(group);
    g.path("hosts").forEach(h -> out.add(h.asText()));
    for (JsonNode child : g.path("children")) {
      for (String h : hosts(list, child.asText(), seen)) {
        if (!out.contains(h)) {
          out.add(h);
        }
      }
    }
    return out;
  }

  private static String ansibleInventory(Path inventory) {
    Process p;
    try {
      p =
          new ProcessBuilder("ansible-inventory", "-i", inventory.toString(), "--list")
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "--fleet needs Ansible on this machine (ansible-inventory not found:"
              + " pip install ansible-core==2.19.14, docs/fleet.md)");
    }
    try {
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(READ_TIMEOUT_S, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalArgumentException(
            "--fleet "
                + inventory
                + ": ansible-inventory did not answer in "
                + READ_TIMEOUT_S
                + " s");
      }
      if (p.exitValue() != 0) {
        throw new IllegalArgumentException(
            "--fleet "
                + inventory
                + ": ansible-inventory cannot read it (exit "
                + p.exitValue()
                + ")");
      }
      return new String(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("--fleet " + inventory + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalArgumentException("--fleet: interrupted while reading " + inventory);
    }
  }
}
