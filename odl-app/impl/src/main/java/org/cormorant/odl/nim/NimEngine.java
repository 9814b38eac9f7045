package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.load.RuleCounterSample;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.schedule.LargeFlowPlacement;
import org.cormorant.nim.schedule.LargeFlowScheduler;
import org.cormorant.odl.nim.FabricAssembler.Assembly;
import org.cormorant.odl.nim.NetworkReading.RuleCounters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hosts nim-core's {@link NetworkInformationManager} for OpenDaylight and feeds it: each
 * {@link #refresh} turns a datastore reading into a fabric (replacing the NIM's fabric when the
 * network changed), folds the port counters in and publishes a new snapshot; with a
 * {@link LargeFlowPlacement} it also runs the Hedera scheduler's rounds on the rules' counters
 * (nim-core's {@link LargeFlowScheduler}). No OpenDaylight types here, so it is tested without a
 * controller.
 *
 * <p>Refreshes are serialised by the caller (one poller thread); RPCs read {@link #nim()} concurrently,
 * and nim-core serialises its own writers.
 */
public final class NimEngine {
    private static final Logger LOG = LoggerFactory.getLogger(NimEngine.class);

    private final NimSettings settings;
    private final LongSupplier clock;
    private final FabricAssembler assembler;
    private final HostRegistry hosts = new HostRegistry();
    private final CounterClock counterClock = new CounterClock();
    private volatile NetworkInformationManager nim;
    private volatile Assembly assembly = new Assembly(null, "", Set.of(), List.of());
    private List<String> lastProblems = List.of();
    private final LargeFlowPlacement largeFlowPlacement;
    private final long largeFlowPeriodMillis;
    /** Bound to one fabric: a new fabric starts over with no pins (old paths mean nothing in it). */
    private volatile LargeFlowScheduler largeFlows;

    /** What one refresh did. */
    public record RefreshResult(boolean fabricChanged, int samplesAccepted, List<Reservation> dropped,
            List<Reservation> expired) {
    }

    public NimEngine(NimSettings settings, LongSupplier clock, FabricAssembler assembler) {
        this(settings, clock, assembler, null, 0);
    }

    /**
     * An engine that also places unannounced large flows ({@code largeFlowPlacement} not null), one
     * round every {@code largeFlowPeriodMillis}; the readings must then carry rule statistics.
     */
    public NimEngine(NimSettings settings, LongSupplier clock, FabricAssembler assembler,
            LargeFlowPlacement largeFlowPlacement, long largeFlowPeriodMillis) {
        if (largeFlowPlacement != null && largeFlowPeriodMillis <= 0) {
            throw new IllegalArgumentException("hederaPeriodMillis must be positive, got " + largeFlowPeriodMillis);
        }
        this.settings = settings;
        this.clock = clock;
        this.assembler = assembler;
        this.largeFlowPlacement = largeFlowPlacement;
        this.largeFlowPeriodMillis = largeFlowPeriodMillis;
    }

    /** Whether this engine runs the Hedera scheduler. */
    public boolean placesLargeFlows() {
        return largeFlowPlacement != null;
    }

    /** The Hedera scheduler's current pins, host pair to path (none when it is off). */
    public Map<HostPair, Path> largeFlowPins() {
        LargeFlowScheduler scheduler = largeFlows;
        return scheduler == null ? Map.of() : scheduler.pins();
    }

    public HostRegistry hosts() {
        return hosts;
    }

    /** The NIM, or null while the topology has no switch. */
    public NetworkInformationManager nim() {
        return nim;
    }

    /** The fabric's digest; changes whenever the fabric does ("" without one). */
    public String topologyId() {
        return assembly.topologyId();
    }

    /** Registered hosts that are part of the current fabric. */
    public Set<String> attachedHosts() {
        return assembly.attachedHosts();
    }

    public long nowMillis() {
        return clock.getAsLong();
    }

    /**
     * Applies one reading: rebuilds the fabric if the network changed, records the counters, expires
     * lapsed reservations and publishes a snapshot. Reservations whose path vanished with a topology
     * change, and expired ones, are returned: the flow scheduler removes their flows.
     */
    public synchronized RefreshResult refresh(NetworkReading reading) {
        Assembly next = assembler.assemble(reading, hosts.all());
        if (!next.problems().equals(lastProblems)) {
            next.problems().forEach(p -> LOG.warn("Cormorant NIM topology: {}", p));
            lastProblems = next.problems();
        }
        boolean changed = !next.topologyId().equals(assembly.topologyId());
        List<Reservation> dropped = List.of();
        if (changed) {
            Fabric fabric = next.fabric();
            NetworkInformationManager current = nim;
            if (fabric == null) {
                if (current != null) {
                    dropped = List.copyOf(current.reservations());
                }
                nim = null;
                LOG.info("Cormorant NIM: no OpenFlow switch in the topology; NIM idle");
            } else if (current == null) {
                nim = new NetworkInformationManager(fabric, settings, clock);
                LOG.info("Cormorant NIM: fabric {} ({}, topology id {})", fabric.name(), fabric, next.topologyId());
            } else {
                dropped = current.replaceFabric(fabric);
                LOG.info("Cormorant NIM: fabric changed to {} (topology id {}), {} reservation(s) dropped", fabric,
                        next.topologyId(), dropped.size());
            }
            assembly = next;
        }
        // Counters of a port that moved to another link mean nothing across the change: the new
        // estimator starts over, and the clock keeps the anchors (they date readings, not links).
        var samples = counterClock.samples(reading);
        NetworkInformationManager current = nim;
        if (current == null) {
            return new RefreshResult(changed, 0, dropped, List.of());
        }
        int accepted = current.recordCounters(samples);
        List<Reservation> expired = current.expireReservations();
        current.rebuildSnapshot();
        if (largeFlowPlacement != null) {
            scheduleLargeFlows(current, changed, reading);
        }
        return new RefreshResult(changed, accepted, dropped, expired);
    }

    private void scheduleLargeFlows(NetworkInformationManager current, boolean fabricChanged, NetworkReading reading) {
        LargeFlowScheduler scheduler = largeFlows;
        if (scheduler == null || fabricChanged) {
            // openflowplugin refreshes statistics every few seconds, read here every poll: two
            // readings after a move before the next round judges the links.
            scheduler = new LargeFlowScheduler(current, largeFlowPlacement, largeFlowPeriodMillis, 2);
            largeFlows = scheduler;
        }
        scheduler.measure(ruleSamples(current.fabric(), reading));
        if (scheduler.scheduleIfDue(clock.getAsLong())) {
            LOG.info("Cormorant NIM hedera: {}", scheduler.describePins());
        }
    }

    /**
     * The reading's rules as nim-core samples: addresses to fabric hosts (rules of unknown addresses
     * are skipped), each dated by the rule's own age like port counters (see {@link CounterClock}).
     */
    private List<RuleCounterSample> ruleSamples(Fabric fabric, NetworkReading reading) {
        List<RuleCounterSample> samples = new ArrayList<>(reading.rules().size());
        for (RuleCounters rule : reading.rules()) {
            FabricNode src = fabric.find(rule.srcIpv4()).filter(FabricNode::isHost).orElse(null);
            FabricNode dst = fabric.find(rule.dstIpv4()).filter(FabricNode::isHost).orElse(null);
            if (src == null || dst == null || src == dst) {
                continue;
            }
            String key = "rule " + rule.node() + " " + rule.priority() + " " + rule.srcIpv4() + " " + rule.dstIpv4();
            long at = counterClock.timestamp(key, rule.durationMillis(), reading.readAtMillis());
            // FabricAssembler names switches by their OpenFlow node id, so the node is the switch name.
            samples.add(new RuleCounterSample(rule.node(), rule.priority(),
                    new HostPair(src.name(), dst.name()), rule.bytes(),
                    rule.durationMillis() < 0 ? Double.MAX_VALUE : rule.durationMillis() / 1000.0, at));
        }
        return samples;
    }
}
