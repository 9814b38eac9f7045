package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.odl.nim.FabricAssembler.Assembly;
import org.cormorant.odl.nim.NetworkReading.SwitchLink;
import org.junit.jupiter.api.Test;

class FabricAssemblerTest {
    private final FabricAssembler assembler = new FabricAssembler("flow:1", 1e9, true);

    @Test
    void switchesLinksAndHostsBecomeOneFabric() {
        Assembly assembly = assembler.assemble(TestNetworks.leafSpine(1000, 0, 0), TestNetworks.hosts());
        Fabric fabric = assembly.fabric();
        assertEquals(4, fabric.switches().size());
        assertEquals(4, fabric.hosts().size());
        // 4 inter-switch cables (reported twice each by LLDP) + 4 host cables, two directions each
        assertEquals(16, fabric.linkCount());
        assertEquals(Set.of("h1", "h2", "h3", "h4"), assembly.attachedHosts());
        assertTrue(assembly.problems().isEmpty(), assembly.problems().toString());
        // hosts are found by name, IP and MAC; h1 to h3 has one path through each spine
        assertEquals("h1", fabric.host("10.0.0.1").name());
        assertEquals("h3", fabric.host("00:00:00:00:00:03").name());
        var paths = new EqualCostPaths(fabric).between(fabric.host("h1").index(), fabric.host("h3").index());
        assertEquals(2, paths.size());
        // OpenFlow port numbers are the fabric's ports
        Link h1Up = fabric.linkFromPort(fabric.host("h1").index(), 0).orElseThrow();
        assertEquals(1, h1Up.toPort());
        assertEquals("openflow:1", fabric.node(h1Up.to()).name());
    }

    @Test
    void capacityIsTheSmallerCurrentSpeedElseTheDefault() {
        Fabric fabric = assembler.assemble(TestNetworks.leafSpine(0, 0, 0), TestNetworks.hosts()).fabric();
        for (Link link : fabric.links()) {
            assertEquals(TestNetworks.SPEED_KBPS * 1000.0, link.capacityBps(), 0.0);
        }
        Fabric configured = new FabricAssembler("flow:1", 50e6, false)
                .assemble(TestNetworks.leafSpine(0, 0, 0), TestNetworks.hosts()).fabric();
        for (Link link : configured.links()) {
            assertEquals(50e6, link.capacityBps(), 0.0);
        }
    }

    @Test
    void sameNetworkInAnyOrderGivesTheSameTopologyId() {
        NetworkReading reading = TestNetworks.leafSpine(0, 0, 0);
        List<SwitchLink> shuffled = new ArrayList<>(reading.links());
        Collections.reverse(shuffled);
        List<RegisteredHost> hosts = new ArrayList<>(TestNetworks.hosts());
        Collections.reverse(hosts);
        Assembly one = assembler.assemble(reading, TestNetworks.hosts());
        Assembly two = assembler.assemble(new NetworkReading(reading.switches(), reading.ports(), shuffled, 5), hosts);
        assertEquals(one.topologyId(), two.topologyId());
        Assembly fewer = assembler.assemble(reading, TestNetworks.hosts().subList(0, 3));
        assertNotEquals(one.topologyId(), fewer.topologyId());
    }

    @Test
    void hostsOnUnknownSwitchesOrInterSwitchPortsArePending() {
        List<RegisteredHost> hosts = new ArrayList<>(TestNetworks.hosts());
        hosts.add(new RegisteredHost("h9", "10.0.0.9", null, "openflow:99", 1));
        hosts.add(new RegisteredHost("h8", "10.0.0.8", null, "openflow:1", 3)); // port 3 goes to a spine
        Assembly assembly = assembler.assemble(TestNetworks.leafSpine(0, 0, 0), hosts);
        assertEquals(Set.of("h1", "h2", "h3", "h4"), assembly.attachedHosts());
        assertEquals(2, assembly.problems().size());
        assertTrue(assembly.problems().toString().contains("openflow:99 is not in the topology"));
    }

    @Test
    void noSwitchNoFabric() {
        Assembly assembly = assembler.assemble(new NetworkReading(List.of(), List.of(), List.of(), 0),
                TestNetworks.hosts());
        assertNull(assembly.fabric());
        assertEquals("", assembly.topologyId());
    }

    @Test
    void aOneWayLinkIsStillACable() {
        NetworkReading reading = new NetworkReading(List.of("openflow:1", "openflow:2"), List.of(),
                List.of(new SwitchLink("openflow:1", 5, "openflow:2", 6)), 0);
        Fabric fabric = assembler.assemble(reading, List.of()).fabric();
        assertEquals(2, fabric.linkCount());
        assertEquals(1e9, fabric.link(0).capacityBps(), 0.0);
    }
}
