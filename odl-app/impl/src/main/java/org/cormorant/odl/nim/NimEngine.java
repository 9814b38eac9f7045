package org.cormorant.odl.nim;

import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.Reservation;
import org.cormorant.odl.nim.FabricAssembler.Assembly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hosts nim-core's {@link NetworkInformationManager} for OpenDaylight and feeds it: each
 * {@link #refresh} turns a datastore reading into a fabric (replacing the NIM's fabric when the
 * network changed), folds the port counters in and publishes a new snapshot. No OpenDaylight types
 * here, so it is tested without a controller.
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

    /** What one refresh did. */
    public record RefreshResult(boolean fabricChanged, int samplesAccepted, List<Reservation> dropped,
            List<Reservation> expired) {
    }

    public NimEngine(NimSettings settings, LongSupplier clock, FabricAssembler assembler) {
        this.settings = settings;
        this.clock = clock;
        this.assembler = assembler;
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
        return new RefreshResult(changed, accepted, dropped, expired);
    }
}
