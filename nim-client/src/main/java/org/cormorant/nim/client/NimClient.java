package org.cormorant.nim.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Logger;
import org.cormorant.nim.api.ApiTypes.ReservationRequest;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.api.ApiTypes.SnapshotView;
import org.cormorant.nim.api.ApiTypes.TopologyView;
import org.cormorant.nim.api.NimJson;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.EqualCostPaths;
import org.cormorant.nim.path.Path;

/**
 * The Hadoop plugins' view of the NIM (standalone or inside OpenDaylight). A background thread
 * keeps a local copy of the snapshot, so a scheduling decision is an in-process computation on
 * {@link #usableSnapshot()} with no HTTP round trip. When the copy is stale or the NIM
 * unreachable, {@code usableSnapshot()} is empty and {@link #status()} says why: the caller falls
 * back to stock Hadoop behaviour.
 *
 * <p>A reservation made through this client is applied to the local copy at once, so the next
 * decision on this node sees it even before the next refresh.
 */
public final class NimClient implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(NimClient.class.getName());

    private final NimClientConfig config;
    private final LongSupplier clock;
    private final NimTransport transport;
    private final ObjectMapper json = NimJson.mapper();
    private final AtomicLong refreshFailures = new AtomicLong();
    private ScheduledExecutorService refresher;

    /** Everything a refresh replaces, swapped as one so readers never see a torn state. */
    private record Local(String topologyId, EqualCostPaths paths, NetworkSnapshot snapshot,
                         long serverAgeMillis, long fetchedAtMillis, long minVersion) {
    }

    private volatile Local local;
    private volatile String lastError = "not refreshed yet";
    private volatile boolean lastAttemptFailed = true;

    public NimClient(NimClientConfig config) {
        this(config, System::currentTimeMillis);
    }

    public NimClient(NimClientConfig config, LongSupplier clockMillis) {
        this.config = config;
        this.clock = clockMillis;
        this.transport = NimTransport.of(config);
    }

    /** Starts background refreshing; the first refresh runs at once. */
    public synchronized NimClient start() {
        if (refresher == null) {
            refresher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "nim-client-refresh");
                t.setDaemon(true);
                return t;
            });
            refresher.scheduleWithFixedDelay(this::refreshQuietly, 0, config.refreshMillis(), TimeUnit.MILLISECONDS);
        }
        return this;
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            // Keep the refresher alive whatever happens; status() reports the error.
            lastError = e.toString();
            lastAttemptFailed = true;
        }
    }

    /** Fetches the snapshot now (and the topology when it changed); false when the NIM did not answer properly. */
    public boolean refresh() {
        try {
            SnapshotView view = transport.snapshot();
            Local current = local;
            EqualCostPaths paths;
            if (current != null && current.topologyId().equals(view.topologyId())) {
                paths = current.paths();
            } else {
                TopologyView topology = transport.topology();
                Fabric fabric = FabricJson.parse(json.writeValueAsString(topology.fabric()));
                paths = new EqualCostPaths(fabric);
                if (!topology.topologyId().equals(view.topologyId())) {
                    throw new IOException("topology changed during refresh");
                }
            }
            if (current != null && current.topologyId().equals(view.topologyId()) && view.version() < current.minVersion()) {
                // An answer older than a reservation already applied locally: keep the local copy.
                lastAttemptFailed = false;
                return true;
            }
            local = new Local(view.topologyId(), paths, toSnapshot(paths, view), view.ageMillis(),
                    clock.getAsLong(), view.version());
            lastAttemptFailed = false;
            lastError = null;
            return true;
        } catch (IOException | IllegalArgumentException e) {
            refreshFailures.incrementAndGet();
            // A ConnectException has no message; its class name is the useful part.
            lastError = e.getMessage() == null ? e.toString() : e.getMessage();
            if (!lastAttemptFailed) {
                LOG.warning("NIM refresh from " + config.baseUri() + " failed: " + lastError);
            }
            lastAttemptFailed = true;
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lastError = "interrupted";
            lastAttemptFailed = true;
            return false;
        }
    }

    private static NetworkSnapshot toSnapshot(EqualCostPaths paths, SnapshotView view) throws IOException {
        int n = paths.fabric().linkCount();
        if (view.measuredBps() == null || view.measuredBps().size() != n || view.reservedBps() == null
                || view.reservedBps().length != n || view.flows() == null || view.flows().length != n) {
            throw new IOException("snapshot does not match the topology's " + n + " links");
        }
        double[] measured = new double[n];
        for (int i = 0; i < n; i++) {
            Double m = view.measuredBps().get(i);
            measured[i] = m == null ? Double.NaN : m;
        }
        return new NetworkSnapshot(paths, view.version(), view.dataTimeMillis(), measured, view.reservedBps(), view.flows());
    }

    /** Whether the local copy can be used now, and why not. */
    public NimStatus status() {
        Local current = local;
        if (current == null) {
            return new NimStatus(NimStatus.Health.UNREACHABLE, "no snapshot from " + config.baseUri() + ": " + lastError, 0,
                    Long.MAX_VALUE);
        }
        long age = current.serverAgeMillis() == Long.MAX_VALUE ? Long.MAX_VALUE
                : current.serverAgeMillis() + Math.max(0, clock.getAsLong() - current.fetchedAtMillis());
        if (age > config.maxAgeMillis()) {
            if (lastAttemptFailed) {
                return new NimStatus(NimStatus.Health.UNREACHABLE, "NIM at " + config.baseUri() + " not answering: "
                        + lastError, current.snapshot().version(), age);
            }
            return new NimStatus(NimStatus.Health.STALE, "newest measurement is " + (age == Long.MAX_VALUE ? "missing"
                    : age + " ms old") + " (limit " + config.maxAgeMillis() + " ms)", current.snapshot().version(), age);
        }
        return new NimStatus(NimStatus.Health.FRESH, "ok", current.snapshot().version(), age);
    }

    /** The local snapshot when it is fresh; empty means: use stock behaviour. */
    public Optional<NetworkSnapshot> usableSnapshot() {
        Local current = local;
        return current != null && status().usable() ? Optional.of(current.snapshot()) : Optional.empty();
    }

    /**
     * The local copy whatever its age, for diagnostics and for reading the topology before any
     * measurement exists. Scheduling decisions use {@link #usableSnapshot()}.
     */
    public Optional<NetworkSnapshot> latestSnapshot() {
        Local current = local;
        return current == null ? Optional.empty() : Optional.of(current.snapshot());
    }

    public long refreshFailures() {
        return refreshFailures.get();
    }

    /**
     * Reserves bandwidth on a path (collaborative mode: the path the task and replica schedulers
     * chose). Empty when the NIM refused or did not answer in time; the reason is logged.
     */
    public Optional<ReservationView> reserve(String owner, String src, String dst, Path path, double bandwidthBps,
                                             long ttlMillis) {
        Local current = local;
        List<String> nodes = path == null || current == null ? null : path.nodeNames(current.paths().fabric());
        try {
            ReservationView view = transport.reserve(new ReservationRequest(owner, src, dst, nodes, bandwidthBps, ttlMillis));
            applyLocally(view);
            return Optional.of(view);
        } catch (IOException e) {
            LOG.warning("reservation " + src + "->" + dst + " not made: " + e.getMessage());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Releases a reservation; false when the NIM did not confirm. */
    public boolean release(String reservationId) {
        try {
            transport.release(reservationId);
            return true;
        } catch (IOException e) {
            LOG.fine("release of " + reservationId + " not confirmed: " + e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void applyLocally(ReservationView view) {
        synchronized (this) {
            Local current = local;
            if (current == null || view.path() == null) {
                return;
            }
            Fabric fabric = current.paths().fabric();
            Optional<Path> path = fabric.find(view.src()).flatMap(s -> fabric.find(view.dst())
                    .flatMap(d -> current.paths().between(s.index(), d.index()).stream()
                            .filter(p -> p.nodeNames(fabric).equals(view.path())).findFirst()));
            if (path.isEmpty()) {
                return;
            }
            NetworkSnapshot s = current.snapshot();
            int n = fabric.linkCount();
            double[] reserved = new double[n];
            int[] flows = new int[n];
            for (int i = 0; i < n; i++) {
                reserved[i] = s.reservedBps(i);
                flows[i] = s.flows(i);
            }
            for (int link : path.get().linksUnsafe()) {
                reserved[link] += view.bandwidthBps();
                flows[link]++;
            }
            NetworkSnapshot updated = new NetworkSnapshot(current.paths(), Math.max(s.version(), view.snapshotVersion()),
                    s.dataTimeMillis(), s.measuredRates(), reserved, flows);
            local = new Local(current.topologyId(), current.paths(), updated, current.serverAgeMillis(),
                    current.fetchedAtMillis(), view.snapshotVersion());
        }
    }

    @Override
    public synchronized void close() {
        if (refresher != null) {
            refresher.shutdownNow();
            refresher = null;
        }
    }
}
