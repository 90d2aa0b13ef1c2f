package io.rpcxbench.period;

import java.util.List;

/** One record of items(n); a Java 8 bean (JSON: id, name, price, flag, tags). */
public final class Item {
  private final long id;
  private final String name;
  private final double price;
  private final boolean flag;
  private final List<String> tags;

  public Item(long id, String name, double price, boolean flag, List<String> tags) {
    this.id = id;
    this.name = name;
    this.price = price;
    this.flag = flag;
    this.tags = tags;
  }

  public long getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public double getPrice() {
    return price;
  }

  public boolean isFlag() {
    return flag;
  }

  public List<String> getTags() {
    return tags;
  }
}
