package org.cormorant.nim.forwarding;

/**
 * One hop of base connectivity: on {@code switchName}, IPv4 packets from {@code srcAddress} to
 * {@code dstAddress} leave through {@code outPort}.
 *
 * @param switchName fabric switch (OVS bridge) name
 * @param datapathId its OpenFlow node id, or null
 * @param srcAddress source host's IPv4 address
 * @param dstAddress destination host's IPv4 address
 * @param outPort    OpenFlow output port
 */
public record ForwardingRule(String switchName, String datapathId, String srcAddress, String dstAddress, int outPort) {
    /** The rule in {@code ovs-ofctl add-flows} syntax (without the bridge). */
    public String toOvsFlow(int priority) {
        return "priority=" + priority + ",ip,nw_src=" + srcAddress + ",nw_dst=" + dstAddress + ",actions=output:" + outPort;
    }
}
