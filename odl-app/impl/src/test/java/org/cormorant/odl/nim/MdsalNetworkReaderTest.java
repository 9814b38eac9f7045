package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;

import com.google.common.util.concurrent.FluentFuture;
import java.util.List;
import java.util.Optional;
import org.cormorant.odl.nim.NetworkReading.SwitchLink;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;
import org.junit.jupiter.api.Test;
import org.opendaylight.mdsal.binding.api.DataBroker;
import org.opendaylight.mdsal.binding.api.ReadTransaction;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.yang.types.rev130715.Counter32;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowCapableNodeConnectorBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.port.rev130925.PortNumberUni;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeConnectorId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.node.NodeConnector;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.node.NodeConnectorBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.statistics.types.rev130925.duration.DurationBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.statistics.types.rev130925.node.connector.statistics.BytesBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.port.statistics.rev131214.FlowCapableNodeConnectorStatisticsDataBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.port.statistics.rev131214.flow.capable.node.connector.statistics.FlowCapableNodeConnectorStatisticsBuilder;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.LinkId;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.NodeId;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.TopologyId;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.TpId;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.link.attributes.DestinationBuilder;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.link.attributes.SourceBuilder;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.Topology;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.TopologyBuilder;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.topology.LinkBuilder;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.topology.NodeBuilder;
import org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network.topology.topology.node.TerminationPointBuilder;
import org.opendaylight.yangtools.yang.binding.InstanceIdentifier;
import org.opendaylight.yangtools.yang.binding.util.BindingMap;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;

class MdsalNetworkReaderTest {
    private static NodeConnector connector(String id, long port, long speedKbps, long rx, long tx, long seconds) {
        return new NodeConnectorBuilder()
                .setId(new NodeConnectorId(id))
                .addAugmentation(new FlowCapableNodeConnectorBuilder()
                        .setPortNumber(new PortNumberUni(Uint32.valueOf(port)))
                        .setCurrentSpeed(Uint32.valueOf(speedKbps))
                        .build())
                .addAugmentation(new FlowCapableNodeConnectorStatisticsDataBuilder()
                        .setFlowCapableNodeConnectorStatistics(new FlowCapableNodeConnectorStatisticsBuilder()
                                .setBytes(new BytesBuilder().setReceived(Uint64.valueOf(rx))
                                        .setTransmitted(Uint64.valueOf(tx)).build())
                                .setDuration(new DurationBuilder().setSecond(new Counter32(Uint32.valueOf(seconds)))
                                        .setNanosecond(new Counter32(Uint32.valueOf(250_000_000))).build())
                                .build())
                        .build())
                .build();
    }

    private static org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network
            .topology.topology.Node node(String id, String... tps) {
        var points = java.util.Arrays.stream(tps)
                .map(tp -> new TerminationPointBuilder().setTpId(new TpId(tp)).build()).toList();
        return new NodeBuilder().setNodeId(new NodeId(id)).setTerminationPoint(BindingMap.of(points)).build();
    }

    private static org.opendaylight.yang.gen.v1.urn.tbd.params.xml.ns.yang.network.topology.rev131021.network
            .topology.topology.Link link(String src, String dst) {
        String srcNode = src.substring(0, src.lastIndexOf(':'));
        String dstNode = dst.substring(0, dst.lastIndexOf(':'));
        return new LinkBuilder().setLinkId(new LinkId(src))
                .setSource(new SourceBuilder().setSourceNode(new NodeId(srcNode)).setSourceTp(new TpId(src)).build())
                .setDestination(new DestinationBuilder().setDestNode(new NodeId(dstNode)).setDestTp(new TpId(dst))
                        .build())
                .build();
    }

    @Test
    void readsSwitchesPortsCountersAndLinks() throws Exception {
        Topology topology = new TopologyBuilder().setTopologyId(new TopologyId("flow:1"))
                .setNode(BindingMap.of(node("openflow:1", "openflow:1:1", "openflow:1:2", "openflow:1:LOCAL"),
                        node("openflow:2", "openflow:2:1"), node("host:aa:bb")))
                .setLink(BindingMap.of(link("openflow:1:2", "openflow:2:1"), link("openflow:2:1", "openflow:1:2")))
                .build();
        DataBroker broker = mock(DataBroker.class);
        ReadTransaction tx = mock(ReadTransaction.class);
        doReturn(tx).when(broker).newReadOnlyTransaction();
        doReturn(FluentFuture.from(com.google.common.util.concurrent.Futures.immediateFuture(Optional.of(topology))))
                .when(tx).read(eq(LogicalDatastoreType.OPERATIONAL), any(InstanceIdentifier.class));
        doReturn(immediate(connector("openflow:1:1", 1, 1_000_000, 10, 20, 3))).when(tx)
                .read(LogicalDatastoreType.OPERATIONAL, MdsalNetworkReader.connectorPath("openflow:1", "openflow:1:1"));
        doReturn(immediate(connector("openflow:1:2", 2, 10_000, 30, 40, 4))).when(tx)
                .read(LogicalDatastoreType.OPERATIONAL, MdsalNetworkReader.connectorPath("openflow:1", "openflow:1:2"));
        doReturn(immediate(null)).when(tx)
                .read(LogicalDatastoreType.OPERATIONAL, MdsalNetworkReader.connectorPath("openflow:2", "openflow:2:1"));

        NetworkReading reading = new MdsalNetworkReader(broker, "flow:1", 1000).read(42);
        assertEquals(List.of("openflow:1", "openflow:2"), reading.switches());
        assertEquals(3, reading.ports().size());
        SwitchPort first = reading.ports().stream().filter(p -> p.node().equals("openflow:1") && p.port() == 1)
                .findFirst().orElseThrow();
        assertEquals(1_000_000, first.speedKbps());
        assertEquals(10, first.counters().rxBytes());
        assertEquals(20, first.counters().txBytes());
        assertEquals(3_250, first.counters().durationMillis());
        SwitchPort unknown = reading.ports().stream().filter(p -> p.node().equals("openflow:2")).findFirst()
                .orElseThrow();
        assertEquals(1, unknown.port());
        assertNull(unknown.counters());
        assertEquals(2, reading.links().size());
        assertEquals(java.util.Set.of(new SwitchLink("openflow:1", 2, "openflow:2", 1),
                new SwitchLink("openflow:2", 1, "openflow:1", 2)), java.util.Set.copyOf(reading.links()));
        assertEquals(42, reading.readAtMillis());
    }

    private static FluentFuture<Optional<NodeConnector>> immediate(NodeConnector connector) {
        return FluentFuture.from(com.google.common.util.concurrent.Futures.immediateFuture(
                Optional.ofNullable(connector)));
    }

    @Test
    void portNumbersComeFromConnectorIds() {
        assertEquals(3, MdsalNetworkReader.portOf("openflow:1:3"));
        assertEquals(-1, MdsalNetworkReader.portOf("openflow:1:LOCAL"));
        assertEquals(-1, MdsalNetworkReader.portOf("openflow:1:"));
        assertEquals(-1, MdsalNetworkReader.portOf("openflow:1:0"));
    }
}
