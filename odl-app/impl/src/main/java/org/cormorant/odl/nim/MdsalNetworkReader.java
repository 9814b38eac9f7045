package org.cormorant.odl.nim;

import com.google.common.util.concurrent.FluentFuture;
import com.google.common.util.concurrent.Futures;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.cormorant.odl.nim.NetworkReading.PortCounters;
import org.cormorant.odl.nim.NetworkReading.RuleCounters;
import org.cormorant.odl.nim.NetworkReading.SwitchLink;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;
import org.opendaylight.mdsal.binding.api.DataBroker;
import org.opendaylight.mdsal.binding.api.ReadTransaction;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowCapableNode;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowCapableNodeConnector;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.Table;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.TableKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.Flow;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.statistics.rev130819.FlowStatisticsData;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeConnectorId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.Nodes;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.node.NodeConnector;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.node.NodeConnectorKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.Node;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.NodeKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.match.types.rev131026.match.layer._3.match.Ipv4Match;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.statistics.types.rev130925.duration.Duration;
import org.opendaylight.yang.gen.v1.urn.opendaylight.port.statistics.rev131214.FlowCapableNodeConnectorStatisticsData;
import org.opendaylight.yang.gen.v1.urn.opendaylight.port.statistics.rev131214.flow.capable.node.connector.statistics.FlowCapableNodeConnectorStatistics;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.NetworkTopology;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.TopologyId;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.Topology;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.TopologyKey;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.topology.Link;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.topology.node.TerminationPoint;
import org.opendaylight.yangtools.yang.binding.InstanceIdentifier;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;
import org.opendaylight.yangtools.yang.common.Uint8;

/**
 * Reads the network from the operational datastore: the OpenFlow nodes, termination points and
 * links of topology {@code flow:1} (openflowplugin's topology-manager, links from LLDP discovery),
 * and for every termination point its inventory node-connector
 * ({@code flow-node-inventory} port number and {@code current-speed},
 * {@code opendaylight-port-statistics:flow-capable-node-connector-statistics}); optionally the
 * statistics of every switch's per-pair IPv4 rules in table 0
 * ({@code opendaylight-flow-statistics}), which the Hedera scheduler rates pairs by.
 */
final class MdsalNetworkReader {
    private static final String OPENFLOW_PREFIX = "openflow:";

    private final DataBroker dataBroker;
    private final InstanceIdentifier<Topology> topologyPath;
    private final long timeoutMillis;
    private final boolean readRules;

    MdsalNetworkReader(DataBroker dataBroker, String topologyId, long timeoutMillis) {
        this(dataBroker, topologyId, timeoutMillis, false);
    }

    /** With {@code readRules}, every reading also carries the per-pair rules' flow statistics. */
    MdsalNetworkReader(DataBroker dataBroker, String topologyId, long timeoutMillis, boolean readRules) {
        this.readRules = readRules;
        this.dataBroker = dataBroker;
        this.topologyPath = InstanceIdentifier.builder(NetworkTopology.class)
                .child(Topology.class, new TopologyKey(new TopologyId(topologyId))).build();
        this.timeoutMillis = timeoutMillis;
    }

    static InstanceIdentifier<NodeConnector> connectorPath(String nodeId, String connectorId) {
        return InstanceIdentifier.builder(Nodes.class)
                .child(Node.class, new NodeKey(new NodeId(nodeId)))
                .child(NodeConnector.class, new NodeConnectorKey(new NodeConnectorId(connectorId)))
                .build();
    }

    NetworkReading read(long nowMillis) throws InterruptedException, ExecutionException, TimeoutException {
        try (ReadTransaction tx = dataBroker.newReadOnlyTransaction()) {
            Optional<Topology> topology = tx.read(LogicalDatastoreType.OPERATIONAL, topologyPath)
                    .get(timeoutMillis, TimeUnit.MILLISECONDS);
            if (topology.isEmpty()) {
                return new NetworkReading(List.of(), List.of(), List.of(), nowMillis);
            }
            Topology flowTopology = topology.orElseThrow();
            TreeSet<String> switches = new TreeSet<>();
            List<String[]> connectors = new ArrayList<>();
            List<FluentFuture<Optional<NodeConnector>>> reads = new ArrayList<>();
            for (var node : flowTopology.nonnullNode().values()) {
                String nodeId = node.getNodeId().getValue();
                if (!nodeId.startsWith(OPENFLOW_PREFIX)) {
                    continue;
                }
                switches.add(nodeId);
                for (TerminationPoint tp : node.nonnullTerminationPoint().values()) {
                    String tpId = tp.getTpId().getValue();
                    if (portOf(tpId) < 0) {
                        continue; // LOCAL and other reserved ports carry no fabric traffic
                    }
                    connectors.add(new String[] {nodeId, tpId});
                    reads.add(tx.read(LogicalDatastoreType.OPERATIONAL, connectorPath(nodeId, tpId)));
                }
            }
            List<Optional<NodeConnector>> results = Futures.allAsList(reads).get(timeoutMillis, TimeUnit.MILLISECONDS);
            List<SwitchPort> ports = new ArrayList<>();
            Map<String, Integer> portNumbers = new HashMap<>();
            for (int i = 0; i < connectors.size(); i++) {
                String nodeId = connectors.get(i)[0];
                String tpId = connectors.get(i)[1];
                SwitchPort port = toPort(nodeId, tpId, results.get(i).orElse(null));
                portNumbers.put(tpId, port.port());
                ports.add(port);
            }
            List<SwitchLink> links = new ArrayList<>();
            for (Link link : flowTopology.nonnullLink().values()) {
                if (link.getSource() == null || link.getDestination() == null
                        || link.getSource().getSourceTp() == null || link.getDestination().getDestTp() == null) {
                    continue;
                }
                String srcTp = link.getSource().getSourceTp().getValue();
                String dstTp = link.getDestination().getDestTp().getValue();
                int srcPort = portNumbers.getOrDefault(srcTp, portOf(srcTp));
                int dstPort = portNumbers.getOrDefault(dstTp, portOf(dstTp));
                if (srcPort < 0 || dstPort < 0) {
                    continue;
                }
                links.add(new SwitchLink(link.getSource().getSourceNode().getValue(), srcPort,
                        link.getDestination().getDestNode().getValue(), dstPort));
            }
            List<RuleCounters> rules = new ArrayList<>();
            if (readRules) {
                List<String> nodes = List.copyOf(switches);
                List<FluentFuture<Optional<Table>>> tables = new ArrayList<>();
                for (String nodeId : nodes) {
                    tables.add(tx.read(LogicalDatastoreType.OPERATIONAL, tablePath(nodeId)));
                }
                List<Optional<Table>> read = Futures.allAsList(tables).get(timeoutMillis, TimeUnit.MILLISECONDS);
                for (int i = 0; i < nodes.size(); i++) {
                    rules.addAll(toRules(nodes.get(i),
                        read.get(i).map(t -> t.nonnullFlow().values()).orElse(List.of())));
                }
            }
            return new NetworkReading(List.copyOf(switches), ports, links, rules, nowMillis);
        }
    }

    static InstanceIdentifier<Table> tablePath(String nodeId) {
        return InstanceIdentifier.builder(Nodes.class)
                .child(Node.class, new NodeKey(new NodeId(nodeId)))
                .augmentation(FlowCapableNode.class)
                .child(Table.class, new TableKey(Uint8.ZERO))
                .build();
    }

    /**
     * The per-pair rules of one switch's table, one per (priority, source, destination). After a
     * rule is rewritten openflowplugin can list it twice for a while (under the id it was written
     * with and under a generated {@code #UF$TABLE*} id); counting both would double the pair's rate,
     * so the id Cormorant wrote wins.
     */
    static List<RuleCounters> toRules(String nodeId, Collection<Flow> flows) {
        Map<String, RuleCounters> byMatch = new LinkedHashMap<>();
        for (Flow flow : flows) {
            RuleCounters rule = toRule(nodeId, flow);
            if (rule == null) {
                continue;
            }
            String match = rule.priority() + " " + rule.srcIpv4() + " " + rule.dstIpv4();
            boolean ours = flow.getId() != null && flow.getId().getValue().startsWith("cormorant-");
            if (ours || !byMatch.containsKey(match)) {
                byMatch.put(match, rule);
            }
        }
        return List.copyOf(byMatch.values());
    }

    /**
     * The statistics of an operational flow that forwards one IPv4 source/destination pair (exact
     * /32 addresses), or null for any other flow (LLDP, table-miss, other matches) or one whose
     * statistics were not collected yet.
     */
    static RuleCounters toRule(String nodeId, Flow flow) {
        if (flow.getPriority() == null || flow.getMatch() == null
                || !(flow.getMatch().getLayer3Match() instanceof Ipv4Match ipv4)) {
            return null;
        }
        String src = hostAddress(ipv4.getIpv4Source() == null ? null : ipv4.getIpv4Source().getValue());
        String dst = hostAddress(ipv4.getIpv4Destination() == null ? null : ipv4.getIpv4Destination().getValue());
        FlowStatisticsData data = flow.augmentation(FlowStatisticsData.class);
        var stats = data == null ? null : data.getFlowStatistics();
        if (src == null || dst == null || stats == null || stats.getByteCount() == null
                || stats.getByteCount().getValue() == null) {
            return null;
        }
        return new RuleCounters(nodeId, flow.getPriority().toJava(), src, dst, toLong(stats.getByteCount().getValue()),
                durationMillis(stats.getDuration()));
    }

    /** "10.0.0.1/32" is 10.0.0.1; a wider prefix is not one host's rule. */
    private static String hostAddress(String prefix) {
        if (prefix == null) {
            return null;
        }
        int slash = prefix.indexOf('/');
        if (slash < 0) {
            return prefix;
        }
        return prefix.substring(slash + 1).equals("32") ? prefix.substring(0, slash) : null;
    }

    /** Port facts of one connector; the port number comes from the id when the inventory lacks it. */
    static SwitchPort toPort(String nodeId, String connectorId, NodeConnector connector) {
        int port = portOf(connectorId);
        long speedKbps = 0;
        PortCounters counters = null;
        if (connector != null) {
            FlowCapableNodeConnector flowCapable = connector.augmentation(FlowCapableNodeConnector.class);
            if (flowCapable != null) {
                if (flowCapable.getPortNumber() != null && flowCapable.getPortNumber().getUint32() != null
                        && flowCapable.getPortNumber().getUint32().toJava() <= Integer.MAX_VALUE) {
                    port = flowCapable.getPortNumber().getUint32().intValue();
                }
                Uint32 speed = flowCapable.getCurrentSpeed();
                speedKbps = speed == null ? 0 : speed.toJava();
            }
            FlowCapableNodeConnectorStatisticsData data =
                    connector.augmentation(FlowCapableNodeConnectorStatisticsData.class);
            FlowCapableNodeConnectorStatistics stats = data == null ? null
                    : data.getFlowCapableNodeConnectorStatistics();
            if (stats != null && stats.getBytes() != null
                    && stats.getBytes().getReceived() != null && stats.getBytes().getTransmitted() != null) {
                counters = new PortCounters(toLong(stats.getBytes().getReceived()),
                        toLong(stats.getBytes().getTransmitted()), durationMillis(stats.getDuration()));
            }
        }
        return new SwitchPort(nodeId, port, speedKbps, counters);
    }

    private static long durationMillis(Duration duration) {
        if (duration == null || duration.getSecond() == null) {
            return -1;
        }
        long seconds = duration.getSecond().getValue().toJava();
        long nanos = duration.getNanosecond() == null ? 0 : duration.getNanosecond().getValue().toJava();
        return seconds * 1000 + nanos / 1_000_000;
    }

    /** Counters are unsigned 64-bit; nim-core unwraps them as signed longs of the same bits. */
    private static long toLong(Uint64 value) {
        return value.longValue();
    }

    /** The port number at the end of a connector id ("openflow:1:3" is 3), or -1 (LOCAL, malformed). */
    static int portOf(String connectorId) {
        int colon = connectorId.lastIndexOf(':');
        if (colon < 0 || colon == connectorId.length() - 1) {
            return -1;
        }
        try {
            long port = Long.parseLong(connectorId.substring(colon + 1));
            return port >= 1 && port <= Integer.MAX_VALUE ? (int) port : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
