package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cormorant.nim.forwarding.FlowPlan;
import org.cormorant.nim.forwarding.FlowPlan.FlowRule;
import org.cormorant.nim.forwarding.ForwardingRule;
import org.cormorant.odl.nim.NetworkReading.RuleCounters;
import org.junit.jupiter.api.Test;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.yang.types.rev130715.Counter32;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.yang.types.rev130715.Counter64;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.Flow;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.FlowBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.statistics.rev130819.FlowStatisticsDataBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.statistics.rev130819.flow.statistics.FlowStatisticsBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.statistics.types.rev130925.duration.DurationBuilder;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;

/**
 * Operational flows as openflowplugin lists them, turned into the Hedera scheduler's rule counters:
 * the app's own flows (built by {@link FlowWriter#flow}) with statistics; LLDP, flows without
 * statistics yet, and the generated-id duplicate of a rewritten rule are left out.
 */
class FlowStatisticsReadingTest {
    private static Flow withStats(Flow flow, String id, long bytes, long seconds, long nanos) {
        return new FlowBuilder(flow).setId(new FlowId(id))
            .addAugmentation(new FlowStatisticsDataBuilder().setFlowStatistics(new FlowStatisticsBuilder()
                .setByteCount(new Counter64(Uint64.valueOf(bytes)))
                .setPacketCount(new Counter64(Uint64.valueOf(bytes / 1500)))
                .setDuration(new DurationBuilder().setSecond(new Counter32(Uint32.valueOf(seconds)))
                    .setNanosecond(new Counter32(Uint32.valueOf(nanos))).build())
                .build()).build())
            .build();
    }

    private static Flow ecmp(String src, String dst) {
        FlowRule rule = new FlowRule(new ForwardingRule("openflow:1", "openflow:1", src, dst, 3),
            FlowPlan.ECMP_PRIORITY, "ecmp");
        return FlowWriter.flow(new FlowWriter.Entry("openflow:1", FlowWriter.flowId(rule, "openflow:1"), rule));
    }

    @Test
    void theAppsPerPairRulesWithStatisticsBecomeRuleCounters() {
        Flow counted = withStats(ecmp("10.0.0.1", "10.0.0.3"), "cormorant-ecmp-10.0.0.1-10.0.0.3-openflow-1",
            5_000_000, 61, 500_000_000);
        Flow lldp = withStats(FlowWriter.flow(new FlowWriter.Entry("openflow:1", "cormorant-lldp", null)),
            "cormorant-lldp", 900, 61, 0);
        Flow noStatsYet = ecmp("10.0.0.2", "10.0.0.4");
        assertEquals(List.of(new RuleCounters("openflow:1", 100, "10.0.0.1", "10.0.0.3", 5_000_000, 61_500)),
            MdsalNetworkReader.toRules("openflow:1", List.of(counted, lldp, noStatsYet)));
    }

    @Test
    void aRewrittenRuleListedTwiceCountsOnceUnderTheIdTheAppWrote() {
        Flow generated = withStats(ecmp("10.0.0.1", "10.0.0.3"), "#UF$TABLE*0-17", 9_000_000, 80, 0);
        Flow ours = withStats(ecmp("10.0.0.1", "10.0.0.3"), "cormorant-ecmp-10.0.0.1-10.0.0.3-openflow-1",
            1_000_000, 2, 0);
        List<RuleCounters> rules = MdsalNetworkReader.toRules("openflow:1", List.of(generated, ours));
        assertEquals(List.of(new RuleCounters("openflow:1", 100, "10.0.0.1", "10.0.0.3", 1_000_000, 2_000)), rules);
    }
}
