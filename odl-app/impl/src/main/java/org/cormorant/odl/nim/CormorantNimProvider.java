package org.cormorant.odl.nim;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.ListeningScheduledExecutorService;
import com.google.common.util.concurrent.MoreExecutors;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.Reservation;
import org.cormorant.nim.schedule.LargeFlowPlacement;
import org.opendaylight.mdsal.binding.api.DataBroker;
import org.opendaylight.mdsal.binding.api.NotificationService;
import org.opendaylight.mdsal.binding.api.RpcConsumerRegistry;
import org.opendaylight.mdsal.binding.api.RpcProviderService;
import org.opendaylight.mdsal.binding.api.WriteTransaction;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidth;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Nim;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.RegisterHosts;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReleasePath;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReservePath;
import org.opendaylight.yangtools.concepts.Registration;
import org.opendaylight.yangtools.yang.binding.InstanceIdentifier;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Cormorant NIM inside OpenDaylight (Declarative Services component, started when the bundle
 * of feature {@code odl-cormorant} is). It polls the operational datastore every
 * {@code pollMillis}, feeds nim-core, republishes {@code cormorant-nim:nim} and serves the
 * {@code cormorant-nim} RPCs. Configuration: {@code etc/org.cormorant.nim.cfg} (all optional).
 */
@Component(service = { }, configurationPid = "org.cormorant.nim")
@Designate(ocd = CormorantNimProvider.Configuration.class)
public final class CormorantNimProvider implements AutoCloseable {
    @ObjectClassDefinition(name = "Cormorant NIM")
    public @interface Configuration {
        @AttributeDefinition(description = "Topology to read switches and links from")
        String topologyId() default "flow:1";

        @AttributeDefinition(description = "How often port statistics are read and a snapshot published (ms)",
            min = "500")
        long pollMillis() default 5000;

        @AttributeDefinition(description = "Link capacity (Mbit/s) when the inventory reports no current-speed")
        double defaultCapacityMbps() default 1000;

        @AttributeDefinition(description = "Take link capacities from the inventory's current-speed when present")
        boolean useInventorySpeed() default true;

        @AttributeDefinition(description = "EWMA weight of the newest rate sample, in (0, 1]")
        double smoothing() default 0.7;

        @AttributeDefinition(description = "How long a reservation's bandwidth is subtracted (ms)")
        long reservationHoldMillis() default 10_000;

        @AttributeDefinition(description = "Answer ARP requests for registered hosts (ARP goes to the controller, "
            + "the reply carries the host's registered MAC); off: hosts need static ARP entries")
        boolean arpResponder() default true;

        @AttributeDefinition(description = "Place unannounced large flows Hedera-style (the flow-scheduler-only "
            + "scenario): reads the per-pair rules' flow statistics every poll and pins large flows at priority 150")
        boolean hedera() default false;

        @AttributeDefinition(description = "How often the Hedera scheduler runs a round (ms)", min = "500")
        long hederaPeriodMillis() default 5000;

        @AttributeDefinition(description = "Fraction of the source's NIC rate above which a host pair is a large "
            + "flow, in (0, 1]")
        double hederaThreshold() default LargeFlowPlacement.DEFAULT_THRESHOLD;
    }

    private static final Logger LOG = LoggerFactory.getLogger(CormorantNimProvider.class);
    static final InstanceIdentifier<Nim> NIM_PATH = InstanceIdentifier.create(Nim.class);

    private final DataBroker dataBroker;
    private final NimEngine engine;
    private final MdsalNetworkReader reader;
    private final FlowWriter flowWriter;
    private final ListeningScheduledExecutorService executor;
    private final Registration rpcRegistration;
    private final ArpPacketHandler arpHandler;
    private volatile boolean closed;
    private volatile String lastReadFailure;
    private volatile String lastFlowFailure;

    @Activate
    public CormorantNimProvider(@Reference final DataBroker dataBroker,
            @Reference final RpcProviderService rpcProviderService,
            @Reference final NotificationService notificationService,
            @Reference final RpcConsumerRegistry rpcConsumerRegistry, final Configuration config) {
        this.dataBroker = dataBroker;
        NimSettings settings = NimSettings.defaults()
            .withSmoothing(config.smoothing())
            .withReservationHoldMillis(config.reservationHoldMillis());
        LargeFlowPlacement largeFlows = largeFlowPlacement(config);
        this.engine = new NimEngine(settings, System::currentTimeMillis,
            new FabricAssembler(config.topologyId(), config.defaultCapacityMbps() * 1e6, config.useInventorySpeed()),
            largeFlows, config.hederaPeriodMillis());
        this.reader = new MdsalNetworkReader(dataBroker, config.topologyId(), 10_000, largeFlows != null);
        this.flowWriter = new FlowWriter(dataBroker, 10_000);
        this.executor = MoreExecutors.listeningDecorator(Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "cormorant-nim");
            thread.setDaemon(true);
            return thread;
        }));
        NimRpcs rpcs = new NimRpcs(engine, () -> executor.submit(this::refresh));
        this.rpcRegistration = rpcProviderService.registerRpcImplementations(
            (AvailableBandwidth) rpcs::availableBandwidth,
            (ReservePath) input -> published(rpcs.reservePath(input)),
            (ReleasePath) input -> published(rpcs.releasePath(input)),
            (RegisterHosts) rpcs::registerHosts);
        this.arpHandler = config.arpResponder()
            ? new ArpPacketHandler(notificationService, rpcConsumerRegistry, new ArpResponder(this::macOf)) : null;
        executor.submit(this::refresh);
        executor.scheduleWithFixedDelay(this::refresh, config.pollMillis(), config.pollMillis(),
            TimeUnit.MILLISECONDS);
        LOG.info("Cormorant NIM started: topology {}, poll every {} ms, default capacity {} Mbit/s, "
            + "inventory speed {}, ARP responder {}, Hedera large-flow placement {}",
            config.topologyId(), config.pollMillis(), config.defaultCapacityMbps(),
            config.useInventorySpeed() ? "used" : "ignored", arpHandler == null ? "off" : "on",
            largeFlows == null ? "off" : "on (threshold " + config.hederaThreshold() + " of NIC rate, a round every "
                + config.hederaPeriodMillis() + " ms)");
    }

    /** The registered MAC of the host with IPv4 address {@code ip}, or null. */
    private String macOf(final String ip) {
        for (RegisteredHost host : engine.hosts().all()) {
            if (ip.equals(host.ip())) {
                return host.mac();
            }
        }
        return null;
    }

    /**
     * The Hedera placement the configuration asks for, or null. A bad value switches it off with an
     * error naming the key; the NIM and its ECMP forwarding keep running.
     */
    @SuppressWarnings("checkstyle:IllegalCatch")
    static LargeFlowPlacement largeFlowPlacement(final Configuration config) {
        if (!config.hedera()) {
            return null;
        }
        try {
            if (config.hederaPeriodMillis() <= 0) {
                throw new IllegalArgumentException("hederaPeriodMillis must be positive, got "
                    + config.hederaPeriodMillis());
            }
            try {
                return new LargeFlowPlacement(config.hederaThreshold(),
                    Math.min(LargeFlowPlacement.DEFAULT_SLACK, config.hederaThreshold()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("hederaThreshold: " + e.getMessage(), e);
            }
        } catch (IllegalArgumentException e) {
            LOG.error("Cormorant NIM: Hedera large-flow placement off, etc/org.cormorant.nim.cfg: {}", e.getMessage());
            return null;
        }
    }

    /**
     * Once a reservation or release is done, writes its flows and republishes the container, not
     * only at the next poll.
     */
    private <T> ListenableFuture<T> published(final ListenableFuture<T> result) {
        result.addListener(() -> {
            if (!closed) {
                executor.execute(() -> {
                    writeFlows();
                    publish();
                });
            }
        }, MoreExecutors.directExecutor());
        return result;
    }

    /** One poll: read, feed nim-core, publish. Never throws: a failure is logged and the next poll retries. */
    @SuppressWarnings("checkstyle:IllegalCatch")
    private void refresh() {
        if (closed) {
            return;
        }
        try {
            NetworkReading reading = reader.read(engine.nowMillis());
            NimEngine.RefreshResult result = engine.refresh(reading);
            lastReadFailure = null;
            logReservations("dropped with the topology change", result.dropped());
            logReservations("expired", result.expired());
            writeFlows();
            publish();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException | ExecutionException | RuntimeException e) {
            String message = e.toString();
            if (!message.equals(lastReadFailure)) {
                LOG.warn("Cormorant NIM refresh failed; retrying every poll", e);
                lastReadFailure = message;
            }
        }
    }

    private static void logReservations(final String what, final List<Reservation> reservations) {
        for (Reservation r : reservations) {
            // Their pinned flows go with the next FlowWriter.sync (the plan no longer has them).
            LOG.info("Cormorant NIM: reservation {} ({} -> {}) {}", r.id(), r.src(), r.dst(), what);
        }
    }

    /** Brings the switches' config flows to the plan; a failure is logged and the next poll retries. */
    @SuppressWarnings("checkstyle:IllegalCatch")
    private void writeFlows() {
        if (closed) {
            return;
        }
        try {
            flowWriter.sync(engine.nim(), engine.largeFlowPins());
            lastFlowFailure = null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException | ExecutionException | RuntimeException e) {
            String message = e.toString();
            if (!message.equals(lastFlowFailure)) {
                LOG.warn("Cormorant NIM: writing flows failed; retrying every poll", e);
                lastFlowFailure = message;
            }
        }
    }

    private void publish() {
        if (closed) {
            return;
        }
        WriteTransaction tx = dataBroker.newWriteOnlyTransaction();
        tx.put(LogicalDatastoreType.OPERATIONAL, NIM_PATH, NimContainer.of(engine));
        tx.commit().addCallback(new FutureCallback<Object>() {
            @Override
            public void onSuccess(final Object result) {
                // published
            }

            @Override
            public void onFailure(final Throwable cause) {
                LOG.warn("Cormorant NIM: publishing the snapshot failed", cause);
            }
        }, MoreExecutors.directExecutor());
    }

    @Deactivate
    @Override
    public void close() {
        closed = true;
        rpcRegistration.close();
        if (arpHandler != null) {
            arpHandler.close();
        }
        executor.shutdownNow();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        WriteTransaction tx = dataBroker.newWriteOnlyTransaction();
        tx.delete(LogicalDatastoreType.OPERATIONAL, NIM_PATH);
        try {
            tx.commit().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("Cormorant NIM: removing the snapshot container failed", e);
        }
        LOG.info("Cormorant NIM stopped");
    }
}
