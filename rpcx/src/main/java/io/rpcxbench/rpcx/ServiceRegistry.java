package io.rpcxbench.rpcx;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The service center's table: published service name to its methods, immutable once built. */
final class ServiceRegistry {
  private final Map<String, PublishedService> services;

  ServiceRegistry(List<PublishedService> published) {
    Map<String, PublishedService> byName = new LinkedHashMap<>();
    for (PublishedService service : published) {
      PublishedService previous = byName.putIfAbsent(service.name, service);
      if (previous != null) {
        throw new IllegalArgumentException(
            "service name '"
                + service.name
                + "' is published twice: by "
                + previous.className
                + " and by "
                + service.className);
      }
    }
    this.services = Map.copyOf(byName);
  }

  /**
   * The method to run for a request.
   *
   * @throws RpcxException NOT_FOUND for an unknown service or method
   */
  ServerMethod find(String service, String method) {
    PublishedService published = services.get(service);
    if (published == null) {
      throw new RpcxException(RpcxException.Code.NOT_FOUND, "unknown service '" + service + "'");
    }
    ServerMethod found = published.methods.get(method);
    if (found == null) {
      throw new RpcxException(
          RpcxException.Code.NOT_FOUND, "service '" + service + "' has no method '" + method + "'");
    }
    return found;
  }

  /** Published names, for the start-up log: service to its method names. */
  Map<String, List<String>> names() {
    Map<String, List<String>> names = new LinkedHashMap<>();
    services.forEach((name, service) -> names.put(name, List.copyOf(service.methods.keySet())));
    return names;
  }
}
