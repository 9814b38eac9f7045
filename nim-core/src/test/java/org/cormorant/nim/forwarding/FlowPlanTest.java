package org.cormorant.nim.forwarding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.forwarding.FlowPlan.FlowRule;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.Reservation;
import org.junit.jupiter.api.Test;

class FlowPlanTest {
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final NetworkInformationManager nim = new NetworkInformationManager(StandardFabrics.cormorantTestbed(1e9),
            NimSettings.defaults(), clock::get);

    private List<FlowRule> desired() {
        return FlowPlan.desired(nim.snapshot().paths(), nim.reservations());
    }

    @Test
    void withoutReservationsTheFabricCarriesExactlyEcmp() {
        List<FlowRule> rules = desired();
        assertEquals(EcmpForwarding.rules(nim.snapshot().paths()).size(), rules.size());
        assertTrue(rules.stream().allMatch(r -> r.priority() == FlowPlan.ECMP_PRIORITY));
    }

    @Test
    void aReservationPinsItsPathAboveEcmpAndReleaseRemovesExactlyThePin() {
        List<FlowRule> before = desired();
        Reservation r = nim.reserve("job", "n2", "n5", List.of("n2", "e1", "a1", "e2", "n5"), 1e8, 30_000);
        List<FlowRule> during = desired();
        FlowPlan.Diff pin = FlowPlan.diff(before, during);
        assertTrue(pin.remove().isEmpty());
        assertEquals(3, pin.add().size(), "one rule on each of e1, a1, e2");
        for (FlowRule rule : pin.add()) {
            assertEquals(FlowPlan.PINNED_PRIORITY, rule.priority());
            assertEquals(r.id(), rule.owner());
            assertEquals("10.0.0.3", rule.hop().srcAddress());
            assertEquals("10.0.0.6", rule.hop().dstAddress());
        }
        assertEquals(java.util.Set.of("e1", "a1", "e2"), FlowPlan.switches(pin.add()));
        nim.release(r.id());
        FlowPlan.Diff unpin = FlowPlan.diff(during, desired());
        assertTrue(unpin.add().isEmpty());
        assertEquals(pin.add(), unpin.remove());
    }

    @Test
    void theNewestReservationOfAPairIsPinned() {
        nim.reserve("a", "n2", "n5", List.of("n2", "e1", "a0", "e2", "n5"), 1e8, 30_000);
        clock.addAndGet(10);
        Reservation newer = nim.reserve("b", "n2", "n5", List.of("n2", "e1", "a1", "e2", "n5"), 1e8, 30_000);
        List<FlowRule> pins = desired().stream().filter(r -> r.priority() == FlowPlan.PINNED_PRIORITY).toList();
        assertEquals(3, pins.size());
        assertTrue(pins.stream().allMatch(r -> r.owner().equals(newer.id())));
    }

    @Test
    void expiryUnpins() {
        nim.reserve("a", "n2", "n5", null, 1e8, 5_000);
        List<FlowRule> pinned = desired();
        clock.addAndGet(5_000);
        nim.expireReservations();
        FlowPlan.Diff diff = FlowPlan.diff(pinned, desired());
        assertEquals(3, diff.remove().size());
        assertTrue(diff.add().isEmpty());
    }

    @Test
    void flowIdsAreStableAndDistinguishPinsFromEcmp() {
        List<FlowRule> rules = desired();
        assertEquals(rules.size(), rules.stream().map(r -> r.hop().switchName() + r.id()).distinct().count());
        nim.reserve("a", "n2", "n5", null, 1e8, 5_000);
        assertTrue(desired().stream().anyMatch(r -> r.id().startsWith("cormorant-pin-10.0.0.3-10.0.0.6")));
    }

    @Test
    void largeFlowPinsSitBetweenEcmpAndReservationsAndReservationsWin() {
        org.cormorant.nim.fabric.HostPair n2n5 = new org.cormorant.nim.fabric.HostPair("n2", "n5");
        org.cormorant.nim.fabric.HostPair n0n6 = new org.cormorant.nim.fabric.HostPair("n0", "n6");
        org.cormorant.nim.path.Path viaA0 = nim.candidatePaths("n2", "n5").stream()
                .filter(p -> p.nodeNames(nim.fabric()).contains("a0")).findFirst().orElseThrow();
        org.cormorant.nim.path.Path n0n6Path = nim.candidatePaths("n0", "n6").get(0);
        java.util.Map<org.cormorant.nim.fabric.HostPair, org.cormorant.nim.path.Path> pins = java.util.Map.of(n2n5, viaA0, n0n6, n0n6Path);
        List<FlowRule> hedera = FlowPlan.desired(nim.snapshot().paths(), nim.reservations(), pins).stream()
                .filter(r -> r.priority() == FlowPlan.LARGE_FLOW_PRIORITY).toList();
        assertEquals(6, hedera.size(), "three hops per pinned pair");
        assertTrue(hedera.stream().allMatch(r -> r.owner().equals(FlowPlan.LARGE_FLOW_OWNER)
                && r.id().startsWith("cormorant-hedera-")));
        assertTrue(FlowPlan.ECMP_PRIORITY < FlowPlan.LARGE_FLOW_PRIORITY && FlowPlan.LARGE_FLOW_PRIORITY < FlowPlan.PINNED_PRIORITY);

        nim.reserve("job", "n2", "n5", List.of("n2", "e1", "a1", "e2", "n5"), 1e8, 30_000);
        List<FlowRule> withReservation = FlowPlan.desired(nim.snapshot().paths(), nim.reservations(), pins);
        List<FlowRule> left = withReservation.stream().filter(r -> r.priority() == FlowPlan.LARGE_FLOW_PRIORITY).toList();
        assertEquals(3, left.size());
        assertTrue(left.stream().noneMatch(r -> r.hop().srcAddress().equals("10.0.0.3")), "the reserved pair n2 -> n5 has no Hedera pin");
        assertEquals(3, withReservation.stream().filter(r -> r.priority() == FlowPlan.PINNED_PRIORITY).count());
    }
}
