package io.rpcxbench.protocols.typedjson;

/**
 * A class a peer names as a type id to get it instantiated: it records its static initializer and
 * its constructor in {@link GadgetLog}. The server must do neither. Named by string only in the
 * tests, never as {@code Gadget.class}.
 */
public class Gadget {
  static {
    GadgetLog.INITIALIZED.add(Gadget.class.getName());
  }

  private String command;

  public Gadget() {
    GadgetLog.CONSTRUCTED.add(Gadget.class.getName());
  }

  public String getCommand() {
    return command;
  }

  public void setCommand(String command) {
    this.command = command;
  }
}
