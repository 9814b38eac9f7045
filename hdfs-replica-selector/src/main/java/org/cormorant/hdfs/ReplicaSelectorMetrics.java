package org.cormorant.hdfs;

import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsException;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.annotation.Metrics;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.MetricsRegistry;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The replica selector's metrics2 source, {@code Hadoop:service=NameNode,name=CormorantReplicaSelector}
 * over JMX. The metrics exist whether or not registration succeeded, so counting never fails.
 */
@Metrics(name = ReplicaSelectorMetrics.NAME, about = "Cormorant network-aware replica ordering", context = "dfs")
public final class ReplicaSelectorMetrics implements MetricsSource {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicaSelectorMetrics.class);
    public static final String NAME = "CormorantReplicaSelector";

    private final MetricsRegistry registry = new MetricsRegistry(NAME).setContext("dfs");
    final MutableGaugeInt fallback = registry.newGauge("Fallback",
            "1 while the NIM snapshot is stale or the NIM unreachable, so replicas keep the stock order", 0);
    final MutableCounterLong nimOrderedSorts = registry.newCounter("NimOrderedSorts",
            "Replica lists ordered by the NIM's available bandwidth", 0L);
    final MutableCounterLong stockOrderedSorts = registry.newCounter("StockOrderedSorts",
            "Replica lists left in the stock order (NIM unusable, unknown host or error)", 0L);
    final MutableCounterLong unknownHostSorts = registry.newCounter("UnknownHostSorts",
            "Stock-ordered replica lists whose reader or replica host is not in the NIM's fabric", 0L);
    final MutableCounterLong errors = registry.newCounter("Errors",
            "Unexpected failures while ordering; the stock order was kept", 0L);
    final MutableCounterLong reservationsRequested = registry.newCounter("ReservationsRequested",
            "Path reservations queued for a chosen replica (collaborative mode)", 0L);
    final MutableCounterLong reservationsMade = registry.newCounter("ReservationsMade",
            "Path reservations the NIM accepted", 0L);
    final MutableCounterLong reservationsFailed = registry.newCounter("ReservationsFailed",
            "Path reservations the NIM refused or did not answer", 0L);
    final MutableCounterLong reservationsDropped = registry.newCounter("ReservationsDropped",
            "Path reservations dropped because the queue was full", 0L);

    private volatile String registeredName;

    @Override
    public void getMetrics(MetricsCollector collector, boolean all) {
        registry.snapshot(collector.addRecord(registry.info()), all);
    }

    /** Registers with the daemon's metrics system; a failure is logged, never thrown. */
    ReplicaSelectorMetrics register() {
        MetricsSystem system = DefaultMetricsSystem.instance();
        try {
            try {
                system.register(NAME, "Cormorant network-aware replica ordering", this);
            } catch (MetricsException e) {
                // A previous instance in this JVM (a restarted NameNode in tests) holds the name.
                system.unregisterSource(NAME);
                system.register(NAME, "Cormorant network-aware replica ordering", this);
            }
            registeredName = NAME;
        } catch (RuntimeException e) {
            LOG.warn("Cormorant replica selector metrics not registered: {}", e.toString());
        }
        return this;
    }

    void unregister() {
        if (registeredName != null) {
            try {
                DefaultMetricsSystem.instance().unregisterSource(registeredName);
            } catch (RuntimeException e) {
                LOG.debug("unregistering metrics failed", e);
            }
            registeredName = null;
        }
    }

    public int fallback() {
        return fallback.value();
    }

    public long nimOrderedSorts() {
        return nimOrderedSorts.value();
    }

    public long stockOrderedSorts() {
        return stockOrderedSorts.value();
    }

    public long unknownHostSorts() {
        return unknownHostSorts.value();
    }

    public long errors() {
        return errors.value();
    }

    public long reservationsRequested() {
        return reservationsRequested.value();
    }

    public long reservationsMade() {
        return reservationsMade.value();
    }

    public long reservationsFailed() {
        return reservationsFailed.value();
    }

    public long reservationsDropped() {
        return reservationsDropped.value();
    }
}
