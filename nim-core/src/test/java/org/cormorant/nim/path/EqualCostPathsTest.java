package org.cormorant.nim.path;

import static org.cormorant.nim.TestNetworks.GBPS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.StandardFabrics;
import org.junit.jupiter.api.Test;

class EqualCostPathsTest {
    private static final Fabric TESTBED = StandardFabrics.cormorantTestbed(GBPS);
    private static final Fabric FAT_TREE_4 = StandardFabrics.fatTree(4, GBPS);

    private static List<Path> between(Fabric fabric, String src, String dst) {
        return new EqualCostPaths(fabric).between(fabric.host(src).index(), fabric.host(dst).index());
    }

    private static void assertContiguousHostToHost(Fabric fabric, Path path, String src, String dst) {
        assertEquals(fabric.host(src).index(), fabric.link(path.link(0)).from());
        assertEquals(fabric.host(dst).index(), fabric.link(path.link(path.hops() - 1)).to());
        for (int i = 1; i < path.hops(); i++) {
            assertEquals(fabric.link(path.link(i - 1)).to(), fabric.link(path.link(i)).from(), "hop " + i + " of " + path);
        }
    }

    @Test
    void testbedHostsOnTheSameEdgeSwitchHaveOneTwoHopPath() {
        List<Path> paths = between(TESTBED, "n0", "n1");
        assertEquals(1, paths.size());
        assertEquals(2, paths.get(0).hops());
        assertEquals(List.of("n0", "e0", "n1"), paths.get(0).nodeNames(TESTBED));
    }

    @Test
    void testbedHostsOnDifferentEdgeSwitchesHaveTwoFourHopPathsOneThroughEachAggregationSwitch() {
        List<Path> paths = between(TESTBED, "n0", "n2");
        assertEquals(2, paths.size());
        Set<List<String>> names = new HashSet<>();
        for (Path p : paths) {
            assertEquals(4, p.hops());
            assertContiguousHostToHost(TESTBED, p, "n0", "n2");
            names.add(p.nodeNames(TESTBED));
        }
        assertEquals(Set.of(List.of("n0", "e0", "a0", "e1", "n2"), List.of("n0", "e0", "a1", "e1", "n2")), names);
    }

    @Test
    void reverseDirectionUsesTheReverseLinks() {
        List<Path> forward = between(TESTBED, "n5", "n6");
        List<Path> backward = between(TESTBED, "n6", "n5");
        assertEquals(2, backward.size());
        for (Path b : backward) {
            int[] links = b.links();
            int[] reversed = new int[links.length];
            for (int i = 0; i < links.length; i++) {
                reversed[links.length - 1 - i] = TESTBED.link(links[i]).reverse();
            }
            assertTrue(forward.contains(new Path(reversed)), b + " reversed is a forward candidate");
        }
    }

    @Test
    void fatTreeK4InterPodPairHasFourSixHopPaths() {
        List<Path> paths = between(FAT_TREE_4, "h0_0_0", "h3_1_1");
        assertEquals(4, paths.size());
        assertEquals(4, new HashSet<>(paths).size(), "distinct");
        Set<String> cores = new HashSet<>();
        for (Path p : paths) {
            assertEquals(6, p.hops());
            assertContiguousHostToHost(FAT_TREE_4, p, "h0_0_0", "h3_1_1");
            cores.add(p.nodeNames(FAT_TREE_4).get(3));
        }
        assertEquals(Set.of("c0", "c1", "c2", "c3"), cores, "one path through each core switch");
    }

    @Test
    void fatTreeK4IntraPodPairOnDifferentEdgeSwitchesHasTwoFourHopPaths() {
        List<Path> paths = between(FAT_TREE_4, "h1_0_0", "h1_1_1");
        assertEquals(2, paths.size());
        Set<String> aggregation = new HashSet<>();
        for (Path p : paths) {
            assertEquals(4, p.hops());
            aggregation.add(p.nodeNames(FAT_TREE_4).get(2));
        }
        assertEquals(Set.of("a1_0", "a1_1"), aggregation);
    }

    @Test
    void fatTreeK4PairOnTheSameEdgeSwitchHasOneTwoHopPath() {
        List<Path> paths = between(FAT_TREE_4, "h2_1_0", "h2_1_1");
        assertEquals(1, paths.size());
        assertEquals(List.of("h2_1_0", "e2_1", "h2_1_1"), paths.get(0).nodeNames(FAT_TREE_4));
    }

    @Test
    void fatTreeK16InterPodPairHas64DistinctSixHopPaths() {
        Fabric k16 = StandardFabrics.fatTree(16, GBPS);
        List<Path> paths = between(k16, "h0_0_0", "h15_7_7");
        assertEquals(64, paths.size());
        assertEquals(64, new HashSet<>(paths).size());
        Set<String> cores = new HashSet<>();
        for (Path p : paths) {
            assertEquals(6, p.hops());
            cores.add(p.nodeNames(k16).get(3));
        }
        assertEquals(64, cores.size(), "each path through its own core switch");
    }

    @Test
    void noPathTransitsAHost() {
        EqualCostPaths ecp = new EqualCostPaths(FAT_TREE_4);
        List<FabricNode> hosts = FAT_TREE_4.hosts();
        for (FabricNode s : hosts) {
            for (FabricNode d : hosts) {
                for (Path p : ecp.between(s.index(), d.index())) {
                    for (int i = 0; i < p.hops() - 1; i++) {
                        int via = FAT_TREE_4.link(p.link(i)).to();
                        assertTrue(FAT_TREE_4.node(via).isSwitch(), p.nodeNames(FAT_TREE_4).toString());
                    }
                }
            }
        }
        EqualCostPaths testbed = new EqualCostPaths(TESTBED);
        for (FabricNode s : TESTBED.hosts()) {
            for (FabricNode d : TESTBED.hosts()) {
                for (Path p : testbed.between(s.index(), d.index())) {
                    List<String> names = p.nodeNames(TESTBED);
                    for (String inner : names.subList(1, names.size() - 1)) {
                        assertTrue(TESTBED.find(inner).orElseThrow().isSwitch(), names.toString());
                    }
                }
            }
        }
    }

    @Test
    void pathsBetweenAHostAndItselfAreEmpty() {
        assertTrue(between(TESTBED, "n3", "n3").isEmpty());
    }

    @Test
    void pathsAreBetweenHostsNotSwitches() {
        EqualCostPaths ecp = new EqualCostPaths(TESTBED);
        int e0 = TESTBED.find("e0").orElseThrow().index();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ecp.between(e0, TESTBED.host("n3").index()));
        assertTrue(e.getMessage().contains("e0"), e.getMessage());
    }

    @Test
    void repeatedQueriesGiveEqualPaths() {
        EqualCostPaths ecp = new EqualCostPaths(FAT_TREE_4);
        int s = FAT_TREE_4.host("h0_1_0").index();
        int d = FAT_TREE_4.host("h2_0_1").index();
        assertEquals(ecp.between(s, d), ecp.between(s, d));
    }

    @Test
    void pathCapacityIsTheSmallestLineRate() {
        Fabric f = new org.cormorant.nim.fabric.FabricBuilder("mixed")
                .addSwitch("s1", null).addSwitch("s2", null).addHost("h1").addHost("h2")
                .connect("h1", "s1", 1e9).connect("s1", "s2", 100e6).connect("s2", "h2", 1e9).build();
        List<Path> paths = between(f, "h1", "h2");
        assertEquals(1, paths.size());
        assertEquals(100e6, paths.get(0).capacityBps(f));
    }

    @Test
    void ecmpIsDeterministic() {
        List<Path> candidates = between(FAT_TREE_4, "h0_0_0", "h3_1_1");
        for (int port = 0; port < 50; port++) {
            Path first = EcmpPathChooser.choose(candidates, "h0_0_0", "h3_1_1", 40_000 + port, 50010);
            Path again = EcmpPathChooser.choose(List.copyOf(candidates), "h0_0_0", "h3_1_1", 40_000 + port, 50010);
            assertEquals(first, again);
            assertTrue(candidates.contains(first));
        }
    }

    @Test
    void ecmpSpreadsFlowsOverEveryCandidateOfAnInterPodPair() {
        List<Path> candidates = between(FAT_TREE_4, "h0_0_0", "h3_1_1");
        Set<Path> used = new HashSet<>();
        for (int srcPort = 32_768; srcPort < 32_768 + 200; srcPort++) {
            used.add(EcmpPathChooser.choose(candidates, "h0_0_0", "h3_1_1", srcPort, 50010));
        }
        assertEquals(new HashSet<>(candidates), used);
    }

    @Test
    void ecmpWithoutCandidatesIsAnErrorNamingThePair() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EcmpPathChooser.choose(List.of(), "n0", "n0", 1, 2));
        assertTrue(e.getMessage().contains("n0 to n0"), e.getMessage());
    }

    @Test
    void pathCopiesItsLinks() {
        int[] links = {1, 2, 3};
        Path p = new Path(links);
        links[0] = 99;
        assertEquals(1, p.link(0));
        p.links()[1] = 99;
        assertEquals(2, p.link(1));
        assertEquals(new Path(new int[] {1, 2, 3}).hashCode(), p.hashCode());
        assertTrue(new Path(new int[0]).nodeNames(TESTBED).isEmpty());
    }
}
