package io.rpcxbench.protocols.javaser.gadget;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/** Stands for a deserialization gadget: its readObject would run attacker-chosen code. */
public final class Gadget implements Serializable {
  private static final long serialVersionUID = 1L;
  public static volatile boolean readObjectRan;
  public static volatile boolean constructed;

  public Gadget() {
    constructed = true;
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    readObjectRan = true;
    in.defaultReadObject();
  }
}
