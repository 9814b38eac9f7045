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
}
