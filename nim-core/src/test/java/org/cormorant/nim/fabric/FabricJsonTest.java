package org.cormorant.nim.fabric;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FabricJsonTest {
    private static final double GBPS = 1e9;

    /** Line 1 is the opening brace; links[0] is on line 6, links[1] on 7, links[2] on 8. */
    private static String withLinks(String link0, String link1, String link2) {
        return """
                {
                  "name": "small",
                  "switches": [ {"name": "s1", "dpid": "openflow:1"}, {"name": "s2"} ],
                  "hosts": [ {"name": "h1", "addresses": ["10.0.0.1"]}, {"name": "h2"} ],
                  "links": [
                    %s,
                    %s,
                    %s
                  ]
                }
                """.formatted(link0, link1, link2);
    }

    private static final String L0 = "{\"a\": \"h1\", \"b\": \"s1\", \"capacityMbps\": 1000}";
    private static final String L1 = "{\"a\": \"h2\", \"b\": \"s2\", \"capacityMbps\": 1000}";
    private static final String L2 = "{\"a\": \"s1\", \"b\": \"s2\", \"capacityMbps\": 10000, \"delayMs\": 1.5}";

    private static FabricException rejected(String text) {
        return assertThrows(FabricException.class, () -> FabricJson.parse(text));
    }

    private static void assertMentions(FabricException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should contain " + part);
        }
    }

    private static void assertSameFabric(Fabric expected, Fabric actual) {
        assertEquals(expected.name(), actual.name());
        assertEquals(expected.nodes().stream().map(FabricNode::name).toList(),
                actual.nodes().stream().map(FabricNode::name).toList());
        assertEquals(expected.nodes().stream().map(FabricNode::kind).toList(),
                actual.nodes().stream().map(FabricNode::kind).toList());
        assertEquals(expected.nodes().stream().map(FabricNode::addresses).toList(),
                actual.nodes().stream().map(FabricNode::addresses).toList());
        assertEquals(expected.nodes().stream().map(FabricNode::datapathId).toList(),
                actual.nodes().stream().map(FabricNode::datapathId).toList());
        assertEquals(expected.linkCount(), actual.linkCount());
        for (int i = 0; i < expected.linkCount(); i++) {
            assertEquals(expected.link(i), actual.link(i), "link " + i);
        }
    }

    @Test
    void roundTripOfTheTestbedKeepsNodesLinksCapacitiesAndPorts() {
        Fabric testbed = StandardFabrics.cormorantTestbed(GBPS);
        assertSameFabric(testbed, FabricJson.parse(FabricJson.write(testbed)));
    }

    @Test
    void roundTripOfAFatTreeWithNonDefaultPortsAndMixedCapacities() {
        Fabric custom = new FabricBuilder("custom")
                .addSwitch("s1", "openflow:10").addSwitch("s2", null)
                .addHost("h1", "10.0.0.1", "h1.example").addHost("h2")
                .connect("h1", 3, "s1", 12, 100e6)
                .connect("s2", "h2", 1e9)
                .connect("s1", "s2", 40e9)
                .build();
        assertSameFabric(custom, FabricJson.parse(FabricJson.write(custom)));
        Fabric fatTree = StandardFabrics.fatTree(4, 10e9);
        assertSameFabric(fatTree, FabricJson.parse(FabricJson.write(fatTree)));
    }

    @Test
    void writtenFileNamesEveryCableOnceWithExplicitPorts() {
        FabricJson.FabricFile file = FabricJson.toFile(StandardFabrics.cormorantTestbed(GBPS));
        assertEquals(16, file.links().size());
        FabricJson.LinkEntry first = file.links().get(0);
        assertEquals(new FabricJson.LinkEntry("n0", 0, "e0", 1, 1000.0, null), first);
        assertEquals(6, file.switches().size());
        assertEquals(8, file.hosts().size());
        assertNull(file.defaultCapacityMbps());
        assertTrue(!FabricJson.write(StandardFabrics.cormorantTestbed(GBPS)).contains("delayMs"),
                "null fields are left out");
    }

    @Test
    void parsesAHandWrittenFile() {
        Fabric f = FabricJson.parse(withLinks(L0, L1, L2));
        assertEquals("small", f.name());
        assertEquals(List.of("s1", "s2", "h1", "h2"), f.nodes().stream().map(FabricNode::name).toList());
        assertEquals("h1", f.host("10.0.0.1").name());
        assertEquals("openflow:1", f.find("s1").orElseThrow().datapathId());
        assertNull(f.find("s2").orElseThrow().datapathId());
        assertEquals(6, f.linkCount());
        assertEquals(1e9, f.link(0).capacityBps());
        assertEquals(10e9, f.link(4).capacityBps());
        assertEquals(0, f.link(0).fromPort());
        assertEquals(1, f.link(0).toPort());
        assertEquals(2, f.link(4).fromPort(), "s1's second cable");
    }

    @Test
    void explicitPortsInAFileAreUsed() {
        Fabric f = FabricJson.parse(withLinks(
                "{\"a\": \"h1\", \"aPort\": 2, \"b\": \"s1\", \"bPort\": 17, \"capacityMbps\": 1000}", L1, L2));
        assertEquals(2, f.link(0).fromPort());
        assertEquals(17, f.link(0).toPort());
        assertEquals(18, f.link(4).fromPort(), "automatic numbering continues after the explicit port");
    }

    @Test
    void negativePortIsRejectedNamingTheField() {
        FabricException e = rejected(withLinks(L0, L1,
                "{\"a\": \"s1\", \"aPort\": -4, \"b\": \"s2\", \"capacityMbps\": 1000}"));
        assertMentions(e, "line 8", "links[2]", "aPort", "-4");
    }

    @Test
    void syntaxErrorNamesLineAndColumn() {
        String text = """
                {
                  "name": "broken",
                  "switches": [ {"name": "s1"} ]
                  "hosts": []
                }
                """;
        FabricException e = rejected(text);
        assertMentions(e, "line 4, column", "not valid JSON");
    }

    @Test
    void unknownFieldIsRejectedNamingItAndWhereItIs() {
        FabricException e = rejected(withLinks(L0, "{\"a\": \"h2\", \"b\": \"s2\", \"capacity\": 1000}", L2));
        assertMentions(e, "line 7, column", "links[1].capacity", "\"capacity\"");
    }

    @Test
    void unknownTopLevelFieldIsRejected() {
        FabricException e = rejected("{\"name\": \"x\", \"swiches\": []}");
        assertMentions(e, "line 1", "swiches");
    }

    @Test
    void wrongTypeForCapacityIsRejectedNamingTheField() {
        FabricException e = rejected(withLinks(L0, L1, "{\"a\": \"s1\", \"b\": \"s2\", \"capacityMbps\": \"fast\"}"));
        assertMentions(e, "line 8, column", "links[2].capacityMbps", "fast");
    }

    @Test
    void negativeCapacityIsRejectedWithTheLineOfThatLink() {
        FabricException e = rejected(withLinks(L0, L1, "{\"a\": \"s1\", \"b\": \"s2\", \"capacityMbps\": -100}"));
        assertMentions(e, "line 8:", "links[2]", "capacityMbps", "-100");
    }

    @Test
    void lineNumberFollowsTheLinkObjectEvenWhenItSpansLines() {
        String text = """
                {"switches": [{"name": "s1"}, {"name": "s2"}],
                 "links": [
                   {"a": "s1", "b": "s2", "capacityMbps": 1000},
                   {"a": "s1",
                    "b": "s2",
                    "capacityMbps": 0}
                 ]}
                """;
        FabricException e = rejected(text);
        assertMentions(e, "line 4:", "links[1]", "capacityMbps");
    }

    @Test
    void capacityAboveOneTerabitIsRejected() {
        FabricException e = rejected(withLinks(L0, L1, "{\"a\": \"s1\", \"b\": \"s2\", \"capacityMbps\": 2e6}"));
        assertMentions(e, "line 8:", "links[2]", "capacityMbps");
    }

    @Test
    void delayOutOfRangeIsRejected() {
        FabricException e = rejected(withLinks(L0, L1,
                "{\"a\": \"s1\", \"b\": \"s2\", \"capacityMbps\": 1000, \"delayMs\": -1}"));
        assertMentions(e, "line 8:", "links[2]", "delayMs");
    }

    @Test
    void unknownNodeInALinkIsRejectedNamingNodeAndLink() {
        FabricException e = rejected(withLinks(L0, "{\"a\": \"h2\", \"b\": \"s3\", \"capacityMbps\": 1000}", L2));
        assertMentions(e, "line 7:", "links[1]", "'s3'");
    }

    @Test
    void missingEndOfALinkIsRejectedNamingTheField() {
        FabricException e = rejected(withLinks(L0, "{\"a\": \"h2\", \"capacityMbps\": 1000}", L2));
        assertMentions(e, "line 7:", "links[1]", "b: missing");
    }

    @Test
    void missingCapacityWithoutDefaultIsRejected() {
        FabricException e = rejected(withLinks(L0, "{\"a\": \"h2\", \"b\": \"s2\"}", L2));
        assertMentions(e, "line 7:", "links[1]", "capacityMbps", "defaultCapacityMbps");
    }

    @Test
    void defaultCapacityAppliesWhenALinkOmitsCapacity() {
        String text = """
                {
                  "name": "defaults",
                  "defaultCapacityMbps": 100,
                  "switches": [ {"name": "s1"}, {"name": "s2"} ],
                  "hosts": [ {"name": "h1"} ],
                  "links": [
                    {"a": "h1", "b": "s1"},
                    {"a": "s1", "b": "s2", "capacityMbps": 1000}
                  ]
                }
                """;
        Fabric f = FabricJson.parse(text);
        assertEquals(100e6, f.link(0).capacityBps());
        assertEquals(100e6, f.link(1).capacityBps());
        assertEquals(1e9, f.link(2).capacityBps(), "an explicit capacity wins over the default");
    }

    @Test
    void duplicateHostIsRejectedWithItsLine() {
        String text = """
                {
                  "switches": [ {"name": "s1"} ],
                  "hosts": [
                    {"name": "h1"},
                    {"name": "h1"}
                  ],
                  "links": [ {"a": "h1", "b": "s1", "capacityMbps": 1} ]
                }
                """;
        FabricException e = rejected(text);
        assertMentions(e, "line 5:", "hosts[1]", "'h1'");
    }

    @Test
    void nullEntryIsRejected() {
        FabricException e = rejected("{\"switches\": [null]}");
        assertMentions(e, "switches[0]", "null");
    }

    @Test
    void emptyTextIsRejected() {
        assertThrows(FabricException.class, () -> FabricJson.parse(""));
        assertThrows(FabricException.class, () -> FabricJson.parse("   \n"));
    }

    @Test
    void nullTextIsRejectedAsEmpty() {
        FabricException e = rejected("null");
        assertMentions(e, "empty");
    }

    @Test
    void trailingTokensAreRejected() {
        assertThrows(FabricException.class, () -> FabricJson.parse(withLinks(L0, L1, L2) + " {}"));
    }

    @Test
    void readingAFileParsesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("testbed.json");
        Fabric testbed = StandardFabrics.cormorantTestbed(GBPS);
        Files.writeString(file, FabricJson.write(testbed));
        assertSameFabric(testbed, FabricJson.read(file));
    }

    @Test
    void errorsInAFileNameTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, withLinks(L0, L1, "{\"a\": \"s1\", \"b\": \"s2\", \"capacityMbps\": -1}"));
        FabricException e = assertThrows(FabricException.class, () -> FabricJson.read(file));
        assertMentions(e, "bad.json", "line 8:", "links[2]");
    }

    @Test
    void readingANonexistentFileNamesIt(@TempDir Path dir) {
        Path missing = dir.resolve("no-such-fabric.json");
        FabricException e = assertThrows(FabricException.class, () -> FabricJson.read(missing));
        assertMentions(e, "no-such-fabric.json", "cannot read");
    }
}
