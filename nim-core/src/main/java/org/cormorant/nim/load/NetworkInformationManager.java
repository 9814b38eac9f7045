package org.cormorant.nim.load;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathBandwidth;

/**
 * The Network Information Manager (Cormorant 4.3.2, Firebird 5.4.2): owns the fabric, folds port
 * counters into link load, keeps the reservation ledger, and publishes immutable
 * {@link NetworkSnapshot}s. Readers take {@link #snapshot()} without locking; writers are serialised.
 *
 * <p>A reservation or release publishes a new snapshot at once, so two decisions made within the
 * same polling period do not both pick the same bottleneck.
 */
public final class NetworkInformationManager {
    private final NimSettings settings;
    private final LongSupplier clock;
    private final BandwidthReservations reservations = new BandwidthReservations();
    private EqualCostPaths paths;
    private LinkLoadEstimator estimator;
    private long version;
    private volatile NetworkSnapshot snapshot;

    public NetworkInformationManager(Fabric fabric, NimSettings settings, LongSupplier clockMillis) {
        this.settings = settings;
        this.clock = clockMillis;
        this.paths = new EqualCostPaths(fabric);
        this.estimator = new LinkLoadEstimator(fabric, settings);
        this.snapshot = NetworkSnapshot.idle(paths, ++version, Long.MIN_VALUE);
    }

    public NetworkInformationManager(Fabric fabric) {
        this(fabric, NimSettings.defaults(), System::currentTimeMillis);
    }

    public NetworkSnapshot snapshot() {
        return snapshot;
    }

    public Fabric fabric() {
        return snapshot.fabric();
    }

    public NimSettings settings() {
        return settings;
    }

    public long nowMillis() {
        return clock.getAsLong();
    }

    /** Folds readings in (they show in the next snapshot); returns how many named a fabric port. */
    public synchronized int recordCounters(Collection<PortCounterSample> samples) {
        int accepted = 0;
        for (PortCounterSample sample : samples) {
            if (estimator.record(sample)) {
                accepted++;
            }
        }
        return accepted;
    }

    public synchronized long ignoredSamples() {
        return estimator.ignoredSamples();
    }

    /** Publishes a new snapshot from the counters seen so far and the live reservations. */
    public synchronized NetworkSnapshot rebuildSnapshot() {
        long now = clock.getAsLong();
        // Lapsed reservations are skipped here but removed only by expireReservations(), which
        // hands them to the caller: the flow scheduler must hear of every one to remove its flows.
        int n = paths.fabric().linkCount();
        double[] reserved = new double[n];
        int[] flows = new int[n];
        reservations.accumulate(reserved, flows, now, settings.reservationHoldMillis());
        snapshot = new NetworkSnapshot(paths, ++version, estimator.newestSampleMillis(),
                estimator.linkRatesBps(), reserved, flows);
        return snapshot;
    }

    /** Candidate paths between two hosts named by name or address. */
    public List<Path> candidatePaths(String src, String dst) {
        Fabric fabric = fabric();
        return snapshot.paths().between(fabric.host(src).index(), fabric.host(dst).index());
    }

    /**
     * Reserves {@code bandwidthBps} from {@code src} to {@code dst}. With {@code pathNodes} the
     * reservation is for that path, which must be one of the candidates; without, for the best one.
     *
     * @throws IllegalArgumentException naming the problem: unknown host, no path, path not a
     *                                  candidate, bandwidth or TTL out of range
     */
    public synchronized Reservation reserve(String owner, String src, String dst, List<String> pathNodes,
                                            double bandwidthBps, long ttlMillis) {
        Fabric fabric = paths.fabric();
        FabricNode s = fabric.host(src);
        FabricNode d = fabric.host(dst);
        List<Path> candidates = paths.between(s.index(), d.index());
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no path from " + src + " to " + dst);
        }
        Path path;
        if (pathNodes == null || pathNodes.isEmpty()) {
            path = PathBandwidth.best(snapshot, candidates).orElseThrow();
        } else {
            path = candidates.stream().filter(p -> p.nodeNames(fabric).equals(pathNodes)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("path " + pathNodes
                            + " is not one of the shortest paths from " + src + " to " + dst));
        }
        double capacity = path.capacityBps(fabric);
        if (!(bandwidthBps >= 0) || bandwidthBps > capacity) {
            throw new IllegalArgumentException("bandwidthBps " + bandwidthBps + " is outside 0.." + capacity);
        }
        long ttl = ttlMillis <= 0 ? settings.defaultTtlMillis() : ttlMillis;
        if (ttl > settings.maxTtlMillis()) {
            throw new IllegalArgumentException("ttl " + ttl + " ms exceeds the maximum " + settings.maxTtlMillis() + " ms");
        }
        Reservation reservation = reservations.add(owner == null ? "" : owner, s.name(), d.name(), path,
                bandwidthBps, clock.getAsLong(), ttl);
        rebuildSnapshot();
        return reservation;
    }

    /** Releases a reservation; false when it does not exist (already released or expired). */
    public synchronized boolean release(String id) {
        boolean released = reservations.release(id).isPresent();
        if (released) {
            rebuildSnapshot();
        }
        return released;
    }

    public synchronized Optional<Reservation> reservation(String id) {
        return reservations.get(id);
    }

    /** Live reservations (lapsed ones are left out even before expireReservations() collects them). */
    public synchronized Collection<Reservation> reservations() {
        long now = clock.getAsLong();
        return reservations.all().stream().filter(r -> r.expiresAtMillis() > now).toList();
    }

    /** Drops lapsed reservations and returns them (the flow scheduler removes their flows). */
    public synchronized List<Reservation> expireReservations() {
        List<Reservation> expired = reservations.expire(clock.getAsLong());
        if (!expired.isEmpty()) {
            rebuildSnapshot();
        }
        return expired;
    }

    /**
     * Switches to a changed topology. Counters start over (port numbers may mean other links now);
     * reservations whose path still exists hop by hop are kept, the others are returned as dropped.
     */
    public synchronized List<Reservation> replaceFabric(Fabric fabric) {
        Fabric old = paths.fabric();
        paths = new EqualCostPaths(fabric);
        estimator = new LinkLoadEstimator(fabric, settings);
        List<Reservation> kept = new ArrayList<>();
        List<Reservation> dropped = new ArrayList<>();
        for (Reservation r : reservations.all()) {
            Optional<Path> moved = translate(old, fabric, r.path());
            if (moved.isPresent()) {
                kept.add(new Reservation(r.id(), r.owner(), r.src(), r.dst(), moved.get(), r.bandwidthBps(),
                        r.createdAtMillis(), r.expiresAtMillis()));
            } else {
                dropped.add(r);
            }
        }
        reservations.replaceAll(kept);
        rebuildSnapshot();
        return dropped;
    }

    private static Optional<Path> translate(Fabric from, Fabric to, Path path) {
        int[] links = new int[path.hops()];
        for (int i = 0; i < links.length; i++) {
            Link old = from.link(path.link(i));
            Optional<FabricNode> a = to.find(from.node(old.from()).name());
            Optional<FabricNode> b = to.find(from.node(old.to()).name());
            if (a.isEmpty() || b.isEmpty()) {
                return Optional.empty();
            }
            Optional<Link> same = to.linkFromPort(a.get().index(), old.fromPort())
                    .filter(l -> l.to() == b.get().index());
            if (same.isEmpty()) {
                return Optional.empty();
            }
            links[i] = same.get().index();
        }
        return Optional.of(new Path(links));
    }
}
