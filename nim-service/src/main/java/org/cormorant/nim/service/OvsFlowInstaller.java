package org.cormorant.nim.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.forwarding.FlowPlan;
import org.cormorant.nim.forwarding.FlowPlan.FlowRule;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.path.Path;

/**
 * The flow scheduler for a fabric of Open vSwitch bridges run without an SDN controller: after
 * every change it brings the bridges to nim-core's {@link FlowPlan} (ECMP, the Hedera scheduler's
 * large-flow pins when {@code --hedera} is on, and pinned reservations) with {@code ovs-ofctl}, adding what is missing and deleting, by exact match and priority, what is
 * no longer wanted. It remembers what it installed, so it touches no flow it did not create.
 * (Inside OpenDaylight the app does the same through the controller's datastore.)
 */
public final class OvsFlowInstaller {
    private static final Logger LOG = Logger.getLogger(OvsFlowInstaller.class.getName());

    private final NetworkInformationManager nim;
    private final String ovsOfctl;
    private final Set<FlowRule> installed = new HashSet<>();
    private volatile Map<HostPair, Path> largeFlowPins = Map.of();

    public OvsFlowInstaller(NetworkInformationManager nim, String ovsOfctl) {
        this.nim = nim;
        this.ovsOfctl = ovsOfctl;
    }

    /** Replaces the large-flow pins the plan carries (applied at the next {@link #reconcile}). */
    public void setLargeFlowPins(Map<HostPair, Path> pins) {
        this.largeFlowPins = Map.copyOf(pins);
    }

    /** Brings the bridges to the plan; returns the number of rules changed. */
    public synchronized int reconcile() throws IOException {
        List<FlowRule> desired = FlowPlan.desired(nim.snapshot().paths(), nim.reservations(), largeFlowPins);
        FlowPlan.Diff diff = FlowPlan.diff(installed, desired);
        if (diff.empty()) {
            return 0;
        }
        for (Map.Entry<String, List<String>> bridge : perBridge(diff.remove(), false).entrySet()) {
            for (String match : bridge.getValue()) {
                OvsPortCounterSource.run(ovsOfctl, "-O", "OpenFlow13", "--strict", "del-flows", bridge.getKey(), match);
            }
        }
        diff.remove().forEach(installed::remove);
        for (Map.Entry<String, List<String>> bridge : perBridge(diff.add(), true).entrySet()) {
            List<String> command = new ArrayList<>(List.of(ovsOfctl, "-O", "OpenFlow13", "add-flow", bridge.getKey()));
            for (String flow : bridge.getValue()) {
                List<String> one = new ArrayList<>(command);
                one.add(flow);
                OvsPortCounterSource.run(one.toArray(String[]::new));
            }
        }
        installed.addAll(diff.add());
        LOG.info("flows: +" + diff.add().size() + " -" + diff.remove().size() + " (" + installed.size() + " installed)");
        return diff.add().size() + diff.remove().size();
    }

    /** Removes every flow this installer added (on shutdown). */
    public synchronized void removeAll() throws IOException {
        for (Map.Entry<String, List<String>> bridge : perBridge(installed, false).entrySet()) {
            for (String match : bridge.getValue()) {
                OvsPortCounterSource.run(ovsOfctl, "-O", "OpenFlow13", "--strict", "del-flows", bridge.getKey(), match);
            }
        }
        installed.clear();
    }

    public synchronized int installedCount() {
        return installed.size();
    }

    private static Map<String, List<String>> perBridge(Collection<FlowRule> rules, boolean withActions) {
        Map<String, List<String>> byBridge = new LinkedHashMap<>();
        for (FlowRule rule : rules) {
            String flow = rule.hop().toOvsFlow(rule.priority());
            if (!withActions) {
                flow = flow.substring(0, flow.indexOf(",actions="));
            }
            byBridge.computeIfAbsent(rule.hop().switchName(), k -> new ArrayList<>()).add(flow);
        }
        return byBridge;
    }
}
