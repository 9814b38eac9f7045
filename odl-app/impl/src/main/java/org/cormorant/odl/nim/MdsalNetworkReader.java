package org.cormorant.odl.nim;

import com.google.common.util.concurrent.FluentFuture;
import com.google.common.util.concurrent.Futures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.cormorant.odl.nim.NetworkReading.PortCounters;
import org.cormorant.odl.nim.NetworkReading.SwitchLink;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;
import org.opendaylight.mdsal.binding.api.DataBroker;
import org.opendaylight.mdsal.binding.api.ReadTransaction;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowCapableNodeConnector;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeConnectorId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.Nodes;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.node.NodeConnector;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.node.NodeConnectorKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.Node;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.NodeKey;
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

/**
 * Reads the network from the operational datastore: the OpenFlow nodes, termination points and
 * links of topology {@code flow:1} (openflowplugin's topology-manager, links from LLDP discovery),
 * and for every termination point its inventory node-connector
 * ({@code flow-node-inventory} port number and {@code current-speed},
 * {@code opendaylight-port-statistics:flow-capable-node-connector-statistics}).
 */
final class MdsalNetworkReader {
    private static final String OPENFLOW_PREFIX = "openflow:";

    private final DataBroker dataBroker;
    private final InstanceIdentifier<Topology> topologyPath;
    private final long timeoutMillis;

    MdsalNetworkReader(DataBroker dataBroker, String topologyId, long timeoutMillis) {
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
            return new NetworkReading(List.copyOf(switches), ports, links, nowMillis);
        }
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
