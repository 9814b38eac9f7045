package org.cormorant.nim.forwarding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.path.EqualCostPaths;
import org.junit.jupiter.api.Test;

class EcmpForwardingTest {
    private final Fabric testbed = StandardFabrics.cormorantTestbed(1e9);
    private final List<ForwardingRule> rules = EcmpForwarding.rules(new EqualCostPaths(testbed));

    @Test
    void oneRulePerSwitchOnEveryPairsPath() {
        // 8 same-edge ordered pairs cross one switch, the other 48 cross three.
        assertEquals(8 + 48 * 3, rules.size());
    }

    @Test
    void followingTheRulesDeliversEveryPairToItsDestination() {
        Map<String, Integer> outPort = new HashMap<>();
        for (ForwardingRule r : rules) {
            outPort.put(r.switchName() + "|" + r.srcAddress() + "|" + r.dstAddress(), r.outPort());
        }
        for (FabricNode src : testbed.hosts()) {
            for (FabricNode dst : testbed.hosts()) {
                if (src == dst) {
                    continue;
                }
                String srcIp = EcmpForwarding.ipv4(src).orElseThrow();
                String dstIp = EcmpForwarding.ipv4(dst).orElseThrow();
                Link hop = testbed.link(testbed.outLinks(src.index())[0]);
                for (int i = 0; i < 10 && testbed.node(hop.to()).isSwitch(); i++) {
                    String sw = testbed.node(hop.to()).name();
                    Integer port = outPort.get(sw + "|" + srcIp + "|" + dstIp);
                    assertTrue(port != null, "no rule on " + sw + " for " + src.name() + "->" + dst.name());
                    hop = testbed.linkFromPort(hop.to(), port).orElseThrow();
                }
                assertEquals(dst.name(), testbed.node(hop.to()).name());
            }
        }
    }

    @Test
    void pairsSpreadOverBothAggregationSwitches() {
        Set<String> used = new HashSet<>();
        for (ForwardingRule r : rules) {
            if (r.switchName().startsWith("a")) {
                used.add(r.switchName());
            }
        }
        assertEquals(Set.of("a0", "a1"), used);
    }

    @Test
    void ovsFlowSyntax() {
        ForwardingRule r = new ForwardingRule("e0", "openflow:1", "10.0.0.1", "10.0.0.3", 4);
        assertEquals("priority=100,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3,actions=output:4", r.toOvsFlow(100));
    }

    @Test
    void onlyDottedQuadsAreIpv4() {
        assertTrue(EcmpForwarding.isIpv4("10.0.0.255"));
        assertFalse(EcmpForwarding.isIpv4("10.0.0.256"));
        assertFalse(EcmpForwarding.isIpv4("master.example.org"));
        assertFalse(EcmpForwarding.isIpv4("10.0.0"));
    }
}
