package org.cormorant.hdfs;

import org.cormorant.nim.schedule.ReplicaOrdering;
import static org.cormorant.hdfs.TestFabric.A;
import static org.cormorant.hdfs.TestFabric.B;
import static org.cormorant.hdfs.TestFabric.C;
import static org.cormorant.hdfs.TestFabric.R;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.query.PathAggregation;
import org.junit.jupiter.api.Test;

/** The ordering rules on a nim-core snapshot, without Hadoop. Replicas are "ip,hostname" strings. */
class ReplicaOrderingTest {
    private static final List<String> READER = names(R);

    private static List<String> names(String replica) {
        return Arrays.asList(replica.split(","));
    }

    private static ReplicaOrdering.Result order(NetworkSnapshot s, PathAggregation aggregation, String[] replicas,
                                                int keepFirst, int activeLen) {
        return ReplicaOrdering.order(s, aggregation, READER, replicas, keepFirst, activeLen, ReplicaOrderingTest::names);
    }

    @Test
    void replicaBehindLoadedLinkGoesLastAndTiesKeepTheIncomingOrder() {
        NetworkSnapshot s = new TestFabric().load("a", "l1", 9e8).snapshot();
        String[] replicas = {A, B, C};
        ReplicaOrdering.Result result = order(s, PathAggregation.AVERAGE, replicas, 0, 3);
        assertTrue(result.ordered());
        // b and c both reach r at 1 Gbit/s: they keep their order; a (100 Mbit/s) goes last.
        assertArrayEquals(new String[] {B, C, A}, replicas);
        assertEquals("b", result.first().name());
        assertEquals(1e9, result.firstBps(), 1);
        String[] other = {C, A, B};
        order(s, PathAggregation.AVERAGE, other, 0, 3);
        assertArrayEquals(new String[] {C, B, A}, other);
    }

    @Test
    void independentAveragesCandidatePathsWhileCollaborativeCountsOnTheBest() {
        // a: one of its two spine paths is full, the other idle -> average 500, maximum 1000 Mbit/s.
        // b: both paths carry 300 Mbit/s -> average and maximum 700 Mbit/s.
        TestFabric fabric = new TestFabric().load("l1", "s1", 1e9).load("l2", "s1", 3e8).load("l2", "s2", 3e8);
        NetworkSnapshot s = fabric.snapshot();
        String[] independent = {A, B};
        order(s, PathAggregation.AVERAGE, independent, 0, 2);
        assertArrayEquals(new String[] {B, A}, independent);
        String[] collaborative = {B, A};
        ReplicaOrdering.Result result = order(s, PathAggregation.MAXIMUM, collaborative, 0, 2);
        assertArrayEquals(new String[] {A, B}, collaborative);
        assertEquals("a", result.first().name());
        assertEquals(1e9, result.firstBps(), 1);
    }

    @Test
    void nodeLocalReplicaStaysFirstEvenWhenItsLinkIsLoaded() {
        NetworkSnapshot s = new TestFabric().load("a", "l1", 9.9e8).load("b", "l2", 5e8).snapshot();
        String[] replicas = {A, B, C};
        ReplicaOrdering.Result result = order(s, PathAggregation.AVERAGE, replicas, 1, 3);
        assertArrayEquals(new String[] {A, C, B}, replicas);
        assertNull(result.first(), "a local first replica needs no path reservation");
    }

    @Test
    void inactiveReplicasStayAtTheEndInTheirOrder() {
        // a and b are active but loaded; c (decommissioning) would be the best, yet stays last.
        NetworkSnapshot s = new TestFabric().load("a", "l1", 9e8).load("b", "l2", 5e8).snapshot();
        String[] replicas = {A, B, C};
        order(s, PathAggregation.AVERAGE, replicas, 0, 2);
        assertArrayEquals(new String[] {B, A, C}, replicas);
        String[] twoInactive = {A, C, B};
        order(s, PathAggregation.AVERAGE, twoInactive, 0, 1);
        assertArrayEquals(new String[] {A, C, B}, twoInactive);
    }

    @Test
    void idleNetworkKeepsEveryStockOrder() {
        NetworkSnapshot s = new TestFabric().load("l1", "s1", 1e8).snapshot(); // a link neither b nor c uses
        List<String> all = List.of(B, C);
        for (List<String> permutation : List.of(List.of(B, C), List.of(C, B))) {
            String[] replicas = permutation.toArray(new String[0]);
            order(s, PathAggregation.AVERAGE, replicas, 0, 2);
            assertEquals(permutation, List.of(replicas), "ties keep the stock order of " + all);
        }
    }

    @Test
    void unknownReplicaHostKeepsTheStockOrderAndNamesTheHost() {
        NetworkSnapshot s = new TestFabric().load("a", "l1", 9e8).snapshot();
        String[] replicas = {A, "10.9.9.9,nowhere.example", B};
        ReplicaOrdering.Result result = order(s, PathAggregation.AVERAGE, replicas, 0, 3);
        assertEquals(ReplicaOrdering.Status.UNKNOWN_REPLICA, result.status());
        assertEquals("10.9.9.9", result.unknownName());
        assertArrayEquals(new String[] {A, "10.9.9.9,nowhere.example", B}, replicas);
        // An unknown host past activeLen does not matter.
        String[] tail = {A, B, "10.9.9.9"};
        assertTrue(order(s, PathAggregation.AVERAGE, tail, 0, 2).ordered());
        assertArrayEquals(new String[] {B, A, "10.9.9.9"}, tail);
    }

    @Test
    void unknownReaderKeepsTheStockOrder() {
        NetworkSnapshot s = new TestFabric().load("a", "l1", 9e8).snapshot();
        String[] replicas = {A, B};
        ReplicaOrdering.Result result = ReplicaOrdering.order(s, PathAggregation.AVERAGE, List.of("192.168.1.1"),
                replicas, 0, 2, ReplicaOrderingTest::names);
        assertEquals(ReplicaOrdering.Status.UNKNOWN_READER, result.status());
        assertEquals("192.168.1.1", result.unknownName());
        assertArrayEquals(new String[] {A, B}, replicas);
        assertEquals(ReplicaOrdering.Status.UNKNOWN_READER, ReplicaOrdering.order(s, PathAggregation.AVERAGE,
                List.of(), replicas, 0, 2, ReplicaOrderingTest::names).status());
    }

    @Test
    void hostsAreFoundByAddressFirstThenByHostName() {
        NetworkSnapshot s = new TestFabric().load("a", "l1", 9e8).snapshot();
        // The address is unknown but the host name is b's: found as b (idle), so it goes first.
        String[] byName = {A, "10.9.9.9,b.example"};
        assertTrue(order(s, PathAggregation.AVERAGE, byName, 0, 2).ordered());
        assertArrayEquals(new String[] {"10.9.9.9,b.example", A}, byName);
        // Address a's, host name b's: the address wins, so it is a (loaded) and goes last.
        String[] addressWins = {"10.0.0.1,b.example", C};
        order(s, PathAggregation.AVERAGE, addressWins, 0, 2);
        assertArrayEquals(new String[] {C, "10.0.0.1,b.example"}, addressWins);
        // A switch name is not a host.
        assertEquals(ReplicaOrdering.Status.UNKNOWN_REPLICA,
                order(s, PathAggregation.AVERAGE, new String[] {"l1", B}, 0, 2).status());
    }

    @Test
    void replicaOnTheReadersHostComesFirstWithoutReservation() {
        NetworkSnapshot s = new TestFabric().load("r", "l0", 9.9e8).snapshot();
        String[] replicas = {A, "10.0.0.100"};
        ReplicaOrdering.Result result = order(s, PathAggregation.MAXIMUM, replicas, 0, 2);
        assertArrayEquals(new String[] {"10.0.0.100", A}, replicas);
        assertEquals("r", result.reader().name());
        assertNull(result.first());
    }

    @Test
    void badBoundsAreRefused() {
        NetworkSnapshot s = new TestFabric().snapshot();
        assertThrows(IllegalArgumentException.class, () -> order(s, PathAggregation.AVERAGE, new String[] {A}, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> order(s, PathAggregation.AVERAGE, new String[] {A}, 1, 0));
        assertTrue(order(s, PathAggregation.AVERAGE, new String[0], 0, 0).ordered());
    }

    @Test
    void everyReplicaIsReturnedAndActiveOnesAreSortedByBandwidth() {
        Random random = new Random(42);
        String[] hosts = {A, B, C};
        String[][] links = {{"a", "l1"}, {"b", "l2"}, {"c", "l0"}, {"l1", "s1"}, {"l1", "s2"}, {"l2", "s1"},
                {"s1", "l0"}, {"s2", "l0"}};
        for (int round = 0; round < 500; round++) {
            TestFabric fabric = new TestFabric();
            for (String[] link : links) {
                if (random.nextBoolean()) {
                    fabric.load(link[0], link[1], random.nextInt(11) * 1e8);
                }
            }
            NetworkSnapshot s = fabric.snapshot();
            List<String> stock = new ArrayList<>(List.of(hosts));
            Collections.shuffle(stock, random);
            int activeLen = 1 + random.nextInt(3);
            int keepFirst = random.nextInt(activeLen + 1);
            PathAggregation aggregation = random.nextBoolean() ? PathAggregation.AVERAGE : PathAggregation.MAXIMUM;
            String[] replicas = stock.toArray(new String[0]);
            assertTrue(order(s, aggregation, replicas, keepFirst, activeLen).ordered());
            List<String> sorted = new ArrayList<>(List.of(replicas));
            Collections.sort(sorted);
            assertEquals(List.of(A, B, C).stream().sorted().toList(), sorted, "a replica went missing");
            assertEquals(stock.subList(0, keepFirst), List.of(replicas).subList(0, keepFirst));
            assertEquals(stock.subList(activeLen, 3), List.of(replicas).subList(activeLen, 3));
            for (int i = keepFirst; i + 1 < activeLen; i++) {
                double here = bandwidth(s, aggregation, replicas[i]);
                double next = bandwidth(s, aggregation, replicas[i + 1]);
                assertTrue(here >= next, "not sorted at " + i + ": " + List.of(replicas));
                if (here == next) {
                    assertTrue(stock.indexOf(replicas[i]) < stock.indexOf(replicas[i + 1]), "tie reordered");
                }
            }
        }
    }

    private static double bandwidth(NetworkSnapshot s, PathAggregation aggregation, String replica) {
        int src = s.fabric().find(names(replica).get(0)).orElseThrow().index();
        int dst = s.fabric().find("r").orElseThrow().index();
        return org.cormorant.nim.query.PathBandwidth.abstractPath(s, s.paths().between(src, dst), aggregation);
    }
}
