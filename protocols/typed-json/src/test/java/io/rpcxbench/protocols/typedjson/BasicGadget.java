package io.rpcxbench.protocols.typedjson;

/** Like {@link Gadget}, for showing what {@code BasicPolymorphicTypeValidator} lets happen. */
public class BasicGadget {
  static {
    GadgetLog.INITIALIZED.add(BasicGadget.class.getName());
  }

  public BasicGadget() {
    GadgetLog.CONSTRUCTED.add(BasicGadget.class.getName());
  }
}
