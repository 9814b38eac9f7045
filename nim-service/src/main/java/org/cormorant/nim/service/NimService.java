package org.cormorant.nim.service;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.schedule.LargeFlowScheduler;

/**
 * The standalone NIM: polls its counter sources every interval, publishes a new snapshot, lets
 * reservations lapse, and serves the API. A failing source is logged and retried next interval;
 * the snapshot's age tells clients when measurements stopped.
 */
public final class NimService implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(NimService.class.getName());

    private final NetworkInformationManager nim;
    private final List<CounterSource> sources;
    private final long pollMillis;
    private final NimHttpServer server;
    private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nim-poller");
        t.setDaemon(true);
        return t;
    });
    private final boolean[] sourceFailing;
    private OvsFlowInstaller flowInstaller;
    private boolean flowsFailing;
    private LargeFlowScheduler largeFlows;
    private OvsFlowCounterSource largeFlowCounters;
    private boolean largeFlowCountersFailing;

    public NimService(NetworkInformationManager nim, List<CounterSource> sources, long pollMillis,
                      NimHttpServer server) {
        if (pollMillis <= 0) {
            throw new IllegalArgumentException("poll interval must be positive, got " + pollMillis + " ms");
        }
        this.nim = nim;
        this.sources = List.copyOf(sources);
        this.pollMillis = pollMillis;
        this.server = server;
        this.sourceFailing = new boolean[sources.size()];
    }

    /** Lets this service keep the OVS bridges' flows at the flow plan (no SDN controller). */
    public NimService withFlowInstaller(OvsFlowInstaller installer) {
        this.flowInstaller = installer;
        return this;
    }

    /**
     * Lets this service place unannounced large flows Hedera-style ({@code serve --hedera}); needs
     * the flow installer, which carries the pins to the switches.
     */
    public NimService withLargeFlowScheduler(LargeFlowScheduler scheduler, OvsFlowCounterSource counters) {
        if (flowInstaller == null) {
            throw new IllegalStateException("the large-flow scheduler needs the flow installer (--install-flows)");
        }
        this.largeFlows = scheduler;
        this.largeFlowCounters = counters;
        return this;
    }

    public NimService start() {
        server.start();
        poller.scheduleWithFixedDelay(this::pollOnce, 0, pollMillis, TimeUnit.MILLISECONDS);
        LOG.info("NIM serving " + nim.fabric() + " on port " + server.port() + ", polling every " + pollMillis
                + " ms from " + (sources.isEmpty() ? "pushed counters only" : sources.stream().map(CounterSource::describe).toList()));
        return this;
    }

    /** One polling round; public so tests and the benchmark can drive it without waiting. */
    public void pollOnce() {
        try {
            for (int i = 0; i < sources.size(); i++) {
                CounterSource source = sources.get(i);
                try {
                    nim.recordCounters(source.poll());
                    if (sourceFailing[i]) {
                        LOG.info("counter source recovered: " + source.describe());
                        sourceFailing[i] = false;
                    }
                } catch (IOException | RuntimeException e) {
                    // Log the first failure of a run of failures, not one line per poll.
                    if (!sourceFailing[i]) {
                        LOG.warning("counter source failed, retrying every poll: " + source.describe() + ": " + e.getMessage());
                        sourceFailing[i] = true;
                    }
                }
            }
            for (Reservation expired : nim.expireReservations()) {
                LOG.fine("reservation expired: " + expired.id() + " " + expired.src() + "->" + expired.dst());
            }
            measureLargeFlows();
            nim.rebuildSnapshot();
            if (largeFlows != null && largeFlows.scheduleIfDue(nim.nowMillis())) {
                LOG.info("hedera: " + largeFlows.describePins());
                flowInstaller.setLargeFlowPins(largeFlows.pins());
            }
            reconcileFlows();
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "polling round failed", e);
        }
    }

    private void measureLargeFlows() {
        if (largeFlows == null) {
            return;
        }
        try {
            largeFlows.measure(largeFlowCounters.poll());
            if (largeFlowCountersFailing) {
                LOG.info("flow counters recovered");
                largeFlowCountersFailing = false;
            }
        } catch (IOException | RuntimeException e) {
            if (!largeFlowCountersFailing) {
                LOG.warning("reading flow counters failed, retrying every poll: " + e.getMessage());
                largeFlowCountersFailing = true;
            }
        }
    }

    /** Reconciles flows on the poller thread, without making the caller wait. */
    public void reconcileFlowsSoon() {
        if (flowInstaller != null && !poller.isShutdown()) {
            poller.execute(this::reconcileFlows);
        }
    }

    /** Brings the switches' flows to the plan now (after a reservation, or every poll). */
    public void reconcileFlows() {
        if (flowInstaller == null) {
            return;
        }
        try {
            flowInstaller.reconcile();
            flowsFailing = false;
        } catch (IOException | RuntimeException e) {
            if (!flowsFailing) {
                LOG.warning("installing flows failed, retrying every poll: " + e.getMessage());
                flowsFailing = true;
            }
        }
    }

    public int port() {
        return server.port();
    }

    public NetworkInformationManager nim() {
        return nim;
    }

    @Override
    public void close() {
        poller.shutdownNow();
        server.close();
        if (flowInstaller != null) {
            try {
                flowInstaller.removeAll();
            } catch (IOException | RuntimeException e) {
                LOG.warning("could not remove installed flows: " + e.getMessage());
            }
        }
    }
}
