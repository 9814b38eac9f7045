package org.cormorant.nim.fabric;

import java.util.List;
import java.util.Objects;

/**
 * A host or switch of the fabric.
 *
 * @param index      dense index inside its {@link Fabric}, used by the array-based algorithms
 * @param name       unique name (a Mininet node name, a switch bridge name, a host name)
 * @param kind       host or switch
 * @param addresses  other names a host is known by (IP addresses, FQDNs) so Hadoop can name it its own way
 * @param datapathId the OpenFlow node id of a switch ("openflow:1"), or null when unknown
 */
public record FabricNode(int index, String name, NodeKind kind, List<String> addresses, String datapathId) {
    public FabricNode {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        addresses = List.copyOf(addresses);
    }

    public boolean isHost() {
        return kind == NodeKind.HOST;
    }

    public boolean isSwitch() {
        return kind == NodeKind.SWITCH;
    }
}
