package org.cormorant.odl.nim;

import java.util.List;

/**
 * What one poll of the MD-SAL operational datastore saw: the OpenFlow switches of topology
 * {@code flow:1}, their ports with speed and byte counters, and the inter-switch links LLDP found.
 * Plain values, so the translation to a nim-core fabric needs no OpenDaylight runtime.
 *
 * @param switches      OpenFlow node ids ({@code openflow:1}), sorted
 * @param ports         every numbered port of those switches
 * @param links         directed inter-switch links as the topology lists them (one per direction)
 * @param rules         per-pair rule statistics of table 0 (read only when the Hedera scheduler is on)
 * @param readAtMillis  wall clock when the reading was taken
 */
public record NetworkReading(List<String> switches, List<SwitchPort> ports, List<SwitchLink> links,
        List<RuleCounters> rules, long readAtMillis) {

    public NetworkReading {
        switches = List.copyOf(switches);
        ports = List.copyOf(ports);
        links = List.copyOf(links);
        rules = List.copyOf(rules);
    }

    /** A reading without flow statistics (the Hedera scheduler is off). */
    public NetworkReading(List<String> switches, List<SwitchPort> ports, List<SwitchLink> links, long readAtMillis) {
        this(switches, ports, links, List.of(), readAtMillis);
    }

    /**
     * Statistics of one per-pair IPv4 forwarding rule in table 0 of a switch
     * ({@code opendaylight-flow-statistics:flow-statistics} of an operational flow): input of the
     * Hedera scheduler's large-flow detection.
     *
     * @param node           OpenFlow node id
     * @param priority       the rule's priority
     * @param srcIpv4        the rule's IPv4 source address (no prefix length)
     * @param dstIpv4        the rule's IPv4 destination address
     * @param bytes          bytes the rule matched since it was installed
     * @param durationMillis how long the rule has been installed when the switch read the counters
     */
    public record RuleCounters(String node, int priority, String srcIpv4, String dstIpv4, long bytes,
            long durationMillis) {
    }

    /**
     * One switch port.
     *
     * @param node      OpenFlow node id
     * @param port      OpenFlow port number
     * @param speedKbps inventory {@code current-speed} in kbit/s, 0 when not reported
     * @param counters  the port's statistics, null when none were collected yet
     */
    public record SwitchPort(String node, int port, long speedKbps, PortCounters counters) {
    }

    /**
     * Cumulative byte counters of a port as {@code opendaylight-port-statistics} reports them.
     *
     * @param rxBytes        bytes received
     * @param txBytes        bytes transmitted
     * @param durationMillis how long the port has been up when the switch read the counters, -1 when
     *                       the switch does not say; it dates the reading on the switch's own clock
     */
    public record PortCounters(long rxBytes, long txBytes, long durationMillis) {
    }

    /** A directed link from {@code srcNode:srcPort} to {@code dstNode:dstPort}. */
    public record SwitchLink(String srcNode, int srcPort, String dstNode, int dstPort) {
    }
}
