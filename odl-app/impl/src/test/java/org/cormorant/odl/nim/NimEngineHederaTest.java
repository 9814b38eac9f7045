package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.forwarding.FlowPlan;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.schedule.LargeFlowPlacement;
import org.cormorant.odl.nim.NetworkReading.RuleCounters;
import org.junit.jupiter.api.Test;

/**
 * The Hedera scheduler inside the app's engine, fed the way openflowplugin reports flow statistics:
 * a pair's ECMP rule on its source's edge switch grows at 8 of 10 Mbit/s, gets pinned at priority
 * 150 (with the large-flow cookie), and loses the pin once it stops; the same pair's rule on a spine
 * switch, and statistics repeated between two refreshes, change nothing.
 */
class NimEngineHederaTest {
    private static final HostPair H1_H3 = new HostPair("h1", "h3");
    private final AtomicLong now = new AtomicLong(100_000);
    private final NimEngine engine = new NimEngine(NimSettings.defaults().withSmoothing(1.0), now::get,
            new FabricAssembler("flow:1", 1e9, true), new LargeFlowPlacement(), 1_000);

    private NetworkReading reading(long ruleBytes, long ruleAgeMillis) {
        NetworkReading ports = TestNetworks.leafSpine(now.get(), 0, 1_000);
        List<RuleCounters> rules = List.of(
                new RuleCounters("openflow:1", FlowPlan.ECMP_PRIORITY, "10.0.0.1", "10.0.0.3", ruleBytes,
                    ruleAgeMillis),
                // counted again on the spine it crosses: not where the pair is measured
                new RuleCounters("openflow:3", FlowPlan.ECMP_PRIORITY, "10.0.0.2", "10.0.0.4", ruleBytes * 10,
                    ruleAgeMillis),
                // not a fabric host
                new RuleCounters("openflow:1", FlowPlan.ECMP_PRIORITY, "10.9.9.9", "10.0.0.3", ruleBytes,
                    ruleAgeMillis));
        return new NetworkReading(ports.switches(), ports.ports(), ports.links(), rules, now.get());
    }

    @Test
    void aLargeFlowIsPinnedAtPriority150AndUnpinnedWhenItStops() {
        assertTrue(engine.placesLargeFlows());
        engine.hosts().register(TestNetworks.hosts(), false);
        engine.refresh(reading(0, 60_000));
        assertTrue(engine.largeFlowPins().isEmpty(), "nothing measured yet");

        now.addAndGet(5_000);
        engine.refresh(reading(5_000_000, 65_000)); // 8 Mbit/s for 5 s
        assertEquals(List.of(H1_H3), List.copyOf(engine.largeFlowPins().keySet()));
        List<FlowWriter.Entry> entries = FlowWriter.desired(engine.nim(), engine.largeFlowPins());
        List<FlowWriter.Entry> pinned = entries.stream()
            .filter(e -> e.rule() != null && e.rule().priority() == FlowPlan.LARGE_FLOW_PRIORITY).toList();
        assertEquals(3, pinned.size(), "edge, spine, edge: " + pinned);
        assertTrue(pinned.stream().allMatch(e -> e.flowId().startsWith("cormorant-hedera-10.0.0.1-10.0.0.3-")));
        assertEquals(FlowWriter.COOKIE_LARGE_FLOW,
            FlowWriter.flow(pinned.get(0)).getCookie().getValue().longValue());

        now.addAndGet(2_000);
        engine.refresh(reading(5_000_000, 65_000)); // openflowplugin has not refreshed the statistics
        assertEquals(List.of(H1_H3), List.copyOf(engine.largeFlowPins().keySet()), "a repeat keeps the pin");

        now.addAndGet(3_000);
        engine.refresh(reading(5_000_000, 70_000)); // the flow ended
        assertTrue(engine.largeFlowPins().isEmpty());
        assertTrue(FlowWriter.desired(engine.nim(), engine.largeFlowPins()).stream()
            .noneMatch(e -> e.rule() != null && e.rule().priority() == FlowPlan.LARGE_FLOW_PRIORITY));
    }

    @Test
    void aBadHederaSettingSwitchesItOffNamingTheKey() {
        assertEquals(null, CormorantNimProvider.largeFlowPlacement(config(true, 5000, 1.5)));
        assertEquals(null, CormorantNimProvider.largeFlowPlacement(config(true, 0, 0.1)));
        assertEquals(null, CormorantNimProvider.largeFlowPlacement(config(false, 5000, 0.1)));
        assertEquals(0.2, CormorantNimProvider.largeFlowPlacement(config(true, 5000, 0.2)).threshold());
    }

    private static CormorantNimProvider.Configuration config(boolean hedera, long period, double threshold) {
        return new CormorantNimProvider.Configuration() {
            @Override
            public Class<? extends java.lang.annotation.Annotation> annotationType() {
                return CormorantNimProvider.Configuration.class;
            }

            @Override
            public String topologyId() {
                return "flow:1";
            }

            @Override
            public long pollMillis() {
                return 5000;
            }

            @Override
            public double defaultCapacityMbps() {
                return 1000;
            }

            @Override
            public boolean useInventorySpeed() {
                return true;
            }

            @Override
            public double smoothing() {
                return 0.7;
            }

            @Override
            public long reservationHoldMillis() {
                return 10_000;
            }

            @Override
            public boolean arpResponder() {
                return true;
            }

            @Override
            public boolean hedera() {
                return hedera;
            }

            @Override
            public long hederaPeriodMillis() {
                return period;
            }

            @Override
            public double hederaThreshold() {
                return threshold;
            }
        };
    }
}
