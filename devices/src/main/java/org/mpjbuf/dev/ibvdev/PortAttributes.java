package org.mpjbuf.dev.ibvdev;

/**
 * What {@link Verbs#queryPort} reports of one port of an opened device.
 *
 * @param portNumber the port, from 1
 * @param state an {@code IBV_PORT_*} state ({@link VerbsConstants#PORT_ACTIVE} when usable)
 * @param maxMtu the largest path MTU the port supports, an {@code IBV_MTU_*} value
 * @param activeMtu the path MTU of the link now, an {@code IBV_MTU_*} value
 * @param lid the port's local identifier (InfiniBand; 0 on RoCE)
 * @param linkLayer an {@code IBV_LINK_LAYER_*} value: Ethernet (RoCE) needs a global route to every peer
 * @param gidTableLength the number of GIDs the port has
 */
public record PortAttributes(int portNumber, int state, int maxMtu, int activeMtu, int lid, int linkLayer,
                             int gidTableLength) {

    /**
     * Whether the port carries traffic.
     *
     * @return the state is {@link VerbsConstants#PORT_ACTIVE}
     */
    public boolean isActive() {
        return state == VerbsConstants.PORT_ACTIVE;
    }

    /**
     * Whether peers are reached through GIDs (RoCE) rather than LIDs.
     *
     * @return the link layer is Ethernet
     */
    public boolean needsGlobalRoute() {
        return linkLayer == VerbsConstants.LINK_LAYER_ETHERNET;
    }

    @Override
    public String toString() {
        return "port " + portNumber + ": " + VerbsConstants.portStateName(state) + ", "
            + VerbsConstants.linkLayerName(linkLayer) + ", LID " + lid + ", active MTU " + activeMtu;
    }
}
