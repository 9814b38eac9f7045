package org.cormorant.nim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FabricBuilderTest {
    private static final double GBPS = 1e9;

    private static FabricBuilder twoSwitchesTwoHosts() {
        return new FabricBuilder("t")
                .addSwitch("s1", "openflow:1")
                .addSwitch("s2", "openflow:2")
                .addHost("h1", "10.0.0.1")
                .addHost("h2", "10.0.0.2");
    }

    private static void assertRejectedNaming(Executable action, String... expected) {
        FabricException e = assertThrows(FabricException.class, action);
        for (String text : expected) {
            assertTrue(e.getMessage().contains(text), "message '" + e.getMessage() + "' should name " + text);
        }
    }

    @Test
    void validFabricBuildsWithAutomaticPorts() {
        Fabric f = twoSwitchesTwoHosts()
                .connect("h1", "s1", GBPS)
                .connect("h2", "s2", GBPS)
                .connect("s1", "s2", GBPS)
                .build();
        assertEquals(4, f.nodeCount());
        assertEquals(6, f.linkCount());
        Link s1s2 = f.link(4);
        assertEquals(2, s1s2.fromPort(), "s1's second cable gets port 2");
        assertEquals(2, s1s2.toPort());
        assertEquals(0, f.link(0).fromPort(), "h1-eth0");
        assertEquals(1, f.link(0).toPort(), "s1-eth1");
    }

    @Test
    void explicitPortsAreKeptAndAutomaticNumberingContinuesAfterThem() {
        Fabric f = twoSwitchesTwoHosts()
                .connect("h1", -1, "s1", 7, GBPS)
                .connect("s1", "s2", GBPS)
                .connect("h2", "s2", GBPS)
                .build();
        assertEquals(7, f.link(0).toPort());
        assertEquals(8, f.link(2).fromPort(), "after an explicit 7 the next free port of s1 is 8");
        assertEquals(1, f.link(2).toPort());
    }

    @Test
    void duplicateNodeNameIsRejectedNamingIt() {
        assertRejectedNaming(() -> new FabricBuilder("t").addSwitch("s1", null).addHost("s1", "10.0.0.1"),
                "duplicate", "'s1'");
    }

    @Test
    void nameEqualToAnotherNodesAddressIsRejected() {
        assertRejectedNaming(() -> new FabricBuilder("t").addHost("h1", "10.0.0.1").addSwitch("10.0.0.1", null),
                "'10.0.0.1'");
    }

    @Test
    void duplicateAddressIsRejectedNamingAddressAndNode() {
        assertRejectedNaming(() -> new FabricBuilder("t").addHost("h1", "10.0.0.1").addHost("h2", "10.0.0.1"),
                "'10.0.0.1'", "'h2'", "already used");
    }

    @Test
    void emptyNameOrAddressIsRejected() {
        assertRejectedNaming(() -> new FabricBuilder("t").addHost(" "), "name");
        assertRejectedNaming(() -> new FabricBuilder("t").addHost("h1", ""), "'h1'", "empty address");
    }

    @Test
    void selfLinkIsRejectedNamingTheNode() {
        assertRejectedNaming(() -> twoSwitchesTwoHosts().connect("s1", "s1", GBPS), "s1 - s1", "itself");
    }

    @Test
    void hostToHostLinkIsRejectedNamingBothHosts() {
        assertRejectedNaming(() -> twoSwitchesTwoHosts().connect("h1", "h2", GBPS), "h1 - h2", "two hosts");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, -1e9, Double.NaN, 1.000001e12, Double.POSITIVE_INFINITY})
    void unusableCapacityIsRejectedNamingTheLinkAndTheValue(double capacity) {
        assertRejectedNaming(() -> twoSwitchesTwoHosts().connect("s1", "s2", capacity),
                "s1 - s2", "capacity " + capacity);
    }

    @Test
    void capacityOfExactlyOneTerabitIsAccepted() {
        Fabric f = new FabricBuilder("t").addSwitch("s1", null).addSwitch("s2", null)
                .connect("s1", "s2", FabricBuilder.MAX_CAPACITY_BPS).build();
        assertEquals(1e12, f.link(0).capacityBps());
    }

    @Test
    void portUsedTwiceIsRejectedNamingPortAndNode() {
        assertRejectedNaming(() -> twoSwitchesTwoHosts()
                        .connect("h1", -1, "s1", 3, GBPS)
                        .connect("s2", -1, "s1", 3, GBPS),
                "port 3", "'s1'");
    }

    @Test
    void explicitPortClashingWithAnAutomaticOneIsRejected() {
        assertRejectedNaming(() -> twoSwitchesTwoHosts()
                        .connect("h1", "s1", GBPS)
                        .connect("s2", -1, "s1", 1, GBPS),
                "port 1", "'s1'");
    }

    @Test
    void hostNotAttachedIsRejectedAtBuildNamingIt() {
        assertRejectedNaming(() -> twoSwitchesTwoHosts().connect("h1", "s1", GBPS).build(), "'h2'", "not attached");
    }

    @Test
    void linkToUnknownNodeIsRejectedNamingIt() {
        assertRejectedNaming(() -> twoSwitchesTwoHosts().connect("h1", "s9", GBPS), "unknown node", "'s9'");
        assertRejectedNaming(() -> twoSwitchesTwoHosts().connect("ghost", "s1", GBPS), "'ghost'");
    }

    @Test
    void emptyFabricIsRejectedNamingIt() {
        assertRejectedNaming(() -> new FabricBuilder("lonely").build(), "'lonely'", "no nodes");
    }

    @Test
    void blankNameDefaultsToFabric() {
        Fabric f = new FabricBuilder(" ").addSwitch("s", null).build();
        assertEquals("fabric", f.name());
    }
}
