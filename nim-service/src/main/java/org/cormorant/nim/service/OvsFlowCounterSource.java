package org.cormorant.nim.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.forwarding.FlowPlan;
import org.cormorant.nim.load.RuleCounterSample;
import org.cormorant.nim.schedule.LargeFlowScheduler;

/**
 * Reads the byte counters of the flow plan's per-pair rules with {@code ovs-ofctl dump-flows} on
 * every edge switch, keeping for each pair only the rules on its source's edge switch (where every
 * packet of the pair is counted exactly once, whichever path it then takes). Input of the Hedera
 * scheduler's large-flow detection.
 */
public final class OvsFlowCounterSource {
    private static final Set<Integer> PLAN_PRIORITIES = Set.of(FlowPlan.ECMP_PRIORITY, FlowPlan.LARGE_FLOW_PRIORITY,
            FlowPlan.PINNED_PRIORITY);
    private static final Pattern DURATION = Pattern.compile("\\bduration=([0-9.]+)s");
    private static final Pattern BYTES = Pattern.compile("\\bn_bytes=(\\d+)");
    private static final Pattern PRIORITY = Pattern.compile("\\bpriority=(\\d+)");
    private static final Pattern SRC = Pattern.compile("\\bnw_src=([0-9.]+)[,\\s]");
    private static final Pattern DST = Pattern.compile("\\bnw_dst=([0-9.]+)[,\\s]");

    private final String ovsOfctl;
    private final Fabric fabric;
    private final List<String> edgeSwitches;
    private final LongSupplier clock;

    public OvsFlowCounterSource(String ovsOfctl, Fabric fabric, LongSupplier clockMillis) {
        this.ovsOfctl = ovsOfctl;
        this.fabric = fabric;
        this.clock = clockMillis;
        List<String> edges = new ArrayList<>();
        for (FabricNode sw : fabric.switches()) {
            for (int l : fabric.outLinks(sw.index())) {
                if (fabric.node(fabric.link(l).to()).isHost()) {
                    edges.add(sw.name());
                    break;
                }
            }
        }
        this.edgeSwitches = List.copyOf(edges);
    }

    /** One reading of every edge switch. */
    public List<RuleCounterSample> poll() throws IOException {
        List<RuleCounterSample> samples = new ArrayList<>();
        for (String bridge : edgeSwitches) {
            String output = OvsPortCounterSource.run(ovsOfctl, "--no-names", "-O", "OpenFlow13", "dump-flows", bridge);
            samples.addAll(parse(fabric, bridge, output, clock.getAsLong()));
        }
        return samples;
    }

    /**
     * Parses {@code dump-flows} output of {@code bridge}: rules at the flow plan's priorities that
     * match an IPv4 source and destination of two fabric hosts, the source attached to this bridge.
     * Other lines (the reply header, table-miss, LLDP, other tools' rules) are skipped.
     */
    static List<RuleCounterSample> parse(Fabric fabric, String bridge, String output, long timestampMillis) {
        List<RuleCounterSample> samples = new ArrayList<>();
        for (String line : output.split("\\R")) {
            Matcher priority = PRIORITY.matcher(line);
            Matcher src = SRC.matcher(line);
            Matcher dst = DST.matcher(line);
            Matcher bytes = BYTES.matcher(line);
            Matcher duration = DURATION.matcher(line);
            if (!(priority.find() && src.find() && dst.find() && bytes.find() && duration.find())) {
                continue;
            }
            int prio = Integer.parseInt(priority.group(1));
            Optional<FabricNode> from = fabric.find(src.group(1)).filter(FabricNode::isHost);
            Optional<FabricNode> to = fabric.find(dst.group(1)).filter(FabricNode::isHost);
            if (!PLAN_PRIORITIES.contains(prio) || from.isEmpty() || to.isEmpty() || from.get() == to.get()
                    || !LargeFlowScheduler.countedAtSource(fabric, bridge, new HostPair(from.get().name(), to.get().name()))) {
                continue;
            }
            samples.add(new RuleCounterSample(bridge, prio, new HostPair(from.get().name(), to.get().name()),
                    Long.parseLong(bytes.group(1)), Double.parseDouble(duration.group(1)), timestampMillis));
        }
        return samples;
    }

    public String describe() {
        return "ovs-ofctl dump-flows on " + edgeSwitches;
    }
}
