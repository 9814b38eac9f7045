package org.cormorant.nim.fabric;

import static org.cormorant.nim.TestNetworks.GBPS;
import static org.cormorant.nim.TestNetworks.link;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardFabricsTest {
    private static final Fabric TESTBED = StandardFabrics.cormorantTestbed(GBPS);

    @Test
    void testbedHasEightHostsSixSwitchesAndThirtyTwoDirectedLinks() {
        assertEquals(List.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7"),
                TESTBED.hosts().stream().map(FabricNode::name).toList());
        assertEquals(Set.of("e0", "e1", "e2", "e3", "a0", "a1"),
                TESTBED.switches().stream().map(FabricNode::name).collect(Collectors.toSet()));
        assertEquals(14, TESTBED.nodeCount());
        assertEquals(32, TESTBED.linkCount(), "16 cables, two directions each");
        for (Link l : TESTBED.links()) {
            assertEquals(GBPS, l.capacityBps());
        }
    }

    @Test
    void testbedHostNkAttachesToEdgeSwitchKOverTwoAndEveryEdgeReachesBothAggregationSwitches() {
        for (int n = 0; n < 8; n++) {
            int[] out = TESTBED.outLinks(TESTBED.host("n" + n).index());
            assertEquals(1, out.length, "n" + n + " has one NIC");
            assertEquals("e" + (n / 2), TESTBED.node(TESTBED.link(out[0]).to()).name());
        }
        for (int e = 0; e < 4; e++) {
            link(TESTBED, "e" + e, "a0");
            link(TESTBED, "e" + e, "a1");
            link(TESTBED, "a0", "e" + e);
            link(TESTBED, "a1", "e" + e);
        }
    }

    @Test
    void cableIGivesDirectedLinks2iAnd2iPlusOneWhichAreEachOthersReverse() {
        for (int i = 0; i < TESTBED.linkCount() / 2; i++) {
            Link forward = TESTBED.link(2 * i);
            Link backward = TESTBED.link(2 * i + 1);
            assertEquals(2 * i, forward.index());
            assertEquals(2 * i + 1, forward.reverse());
            assertEquals(2 * i, backward.reverse());
            assertEquals(forward.from(), backward.to());
            assertEquals(forward.to(), backward.from());
            assertEquals(forward.fromPort(), backward.toPort());
            assertEquals(forward.toPort(), backward.fromPort());
        }
        // The first cable added is n0 - e0.
        assertEquals("n0", TESTBED.node(TESTBED.link(0).from()).name());
        assertEquals("e0", TESTBED.node(TESTBED.link(0).to()).name());
    }

    @Test
    void portsAreNumberedMininetStyleSwitchPortsFromOneHostPortZero() {
        // e0's cables in order: n0, n1, a0, a1 -> ports 1..4 (s1-eth1 ...); hosts use eth0.
        assertEquals(1, link(TESTBED, "e0", "n0").fromPort());
        assertEquals(2, link(TESTBED, "e0", "n1").fromPort());
        assertEquals(3, link(TESTBED, "e0", "a0").fromPort());
        assertEquals(4, link(TESTBED, "e0", "a1").fromPort());
        assertEquals(0, link(TESTBED, "n0", "e0").fromPort());
        assertEquals(0, link(TESTBED, "n7", "e3").fromPort());
        // a0's cables in order: e0, e1, e2, e3 -> ports 1..4.
        for (int e = 0; e < 4; e++) {
            assertEquals(e + 1, link(TESTBED, "a0", "e" + e).fromPort());
        }
    }

    @Test
    void linkFromPortFindsTheLinkLeavingANodeThroughAPort() {
        int e0 = TESTBED.find("e0").orElseThrow().index();
        assertEquals(link(TESTBED, "e0", "a1"), TESTBED.linkFromPort(e0, 4).orElseThrow());
        assertTrue(TESTBED.linkFromPort(e0, 5).isEmpty());
        assertTrue(TESTBED.linkFromPort(e0, 0).isEmpty(), "switch ports start at 1");
    }

    @Test
    void switchesCarryOpenFlowDatapathIds() {
        assertEquals("openflow:1", TESTBED.find("e0").orElseThrow().datapathId());
        assertEquals("openflow:6", TESTBED.find("a1").orElseThrow().datapathId());
    }

    @Test
    void hostIsFoundByNameAndByAddress() {
        FabricNode n0 = TESTBED.host("n0");
        assertEquals(n0, TESTBED.host("10.0.0.1"));
        assertEquals("n7", TESTBED.host("10.0.0.8").name());
        assertEquals(List.of("10.0.0.1"), n0.addresses());
        assertEquals(n0, TESTBED.find("10.0.0.1").orElseThrow());
    }

    @Test
    void hostLookupOfASwitchThrowsUnknownNode() {
        UnknownNodeException e = assertThrows(UnknownNodeException.class, () -> TESTBED.host("e0"));
        assertTrue(e.getMessage().contains("e0"), e.getMessage());
        assertTrue(e.getMessage().contains("switch"), e.getMessage());
        // find() still finds it: it is a node, just not a host.
        assertTrue(TESTBED.find("e0").orElseThrow().isSwitch());
    }

    @Test
    void hostLookupOfAnUnknownNameThrowsNamingIt() {
        UnknownNodeException e = assertThrows(UnknownNodeException.class, () -> TESTBED.host("nope"));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
        assertTrue(TESTBED.find("nope").isEmpty());
        assertTrue(TESTBED.find(null).isEmpty());
    }

    @Test
    void fatTreeK4Has16HostsAnd20Switches() {
        Fabric f = StandardFabrics.fatTree(4, GBPS);
        assertEquals(16, f.hosts().size());
        assertEquals(20, f.switches().size());
        assertEquals(48 * 2, f.linkCount(), "16 host cables + 16 edge-aggregation + 16 aggregation-core");
        assertEquals("h1_0_1", f.host("10.1.0.3").name());
    }

    @Test
    void fatTreeK16Has1024Hosts320SwitchesAnd3072Cables() {
        Fabric f = StandardFabrics.fatTree(16, GBPS);
        assertEquals(1024, f.hosts().size());
        assertEquals(320, f.switches().size());
        assertEquals(3072 * 2, f.linkCount());
    }

    @Test
    void twoRackFabricHasAllHostsAndThreeSwitches() {
        Fabric f = StandardFabrics.twoRack(21, 20, GBPS);
        assertEquals(41, f.hosts().size());
        assertEquals(3, f.switches().size());
        assertEquals((41 + 2) * 2, f.linkCount());
        assertEquals("r2h20", f.host("10.0.2.20").name());
    }

    @Test
    void twoRackNeedsAHostInEachRack() {
        assertThrows(FabricException.class, () -> StandardFabrics.twoRack(0, 3, GBPS));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, 5, -2, 66})
    void fatTreeRejectsInvalidKNamingIt(int k) {
        FabricException e = assertThrows(FabricException.class, () -> StandardFabrics.fatTree(k, GBPS));
        assertTrue(e.getMessage().contains("got " + k), e.getMessage());
    }
}
