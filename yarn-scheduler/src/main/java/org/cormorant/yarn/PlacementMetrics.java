package org.cormorant.yarn;

import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.annotation.Metric;
import org.apache.hadoop.metrics2.annotation.Metrics;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeInt;
import org.apache.hadoop.metrics2.lib.MutableGaugeLong;

/**
 * What the network-aware placement did, as a metrics2 source (JMX bean
 * {@code Hadoop:service=ResourceManager,name=CormorantPlacement}), so operators see when it fell back.
 */
@Metrics(name = PlacementMetrics.NAME, about = "Cormorant network-aware placement", context = "yarn")
public class PlacementMetrics {
    public static final String NAME = "CormorantPlacement";

    @Metric("1 while the NIM is stale or unreachable and placement is stock CapacityScheduler")
    MutableGaugeInt fallback;
    @Metric("Age of the NIM snapshot used for the last decision, ms")
    MutableGaugeLong nimSnapshotAgeMs;
    @Metric("Non-local placements Algorithm 1 let through")
    MutableCounterLong chosen;
    @Metric("Non-local placements postponed: best available bandwidth below the threshold")
    MutableCounterLong postponed;
    @Metric("Postponed requests let through because they waited the maximum time")
    MutableCounterLong postponeLimitReached;
    @Metric("Decisions left to the stock scheduler (fallback, or hosts unknown to the NIM)")
    MutableCounterLong stockDecisions;
    @Metric("Non-local containers placed on a node Algorithm 1 chose")
    MutableCounterLong nonLocalByNetwork;
    @Metric("Non-local containers placed by the stock answer (fallback, unknown hosts, postponement limit)")
    MutableCounterLong nonLocalStock;
    @Metric("Path reservations made in the NIM")
    MutableCounterLong reservationsMade;
    @Metric("Path reservations that failed or were dropped")
    MutableCounterLong reservationsFailed;
    @Metric("Path reservations not sent: a live reservation already covers the host pair")
    MutableCounterLong reservationsCovered;

    static PlacementMetrics register() {
        MetricsSystem system = DefaultMetricsSystem.instance();
        // A restarted scheduler (tests, RM fail-over in one JVM) registers again under the same name.
        system.unregisterSource(NAME);
        return system.register(NAME, "Cormorant network-aware placement", new PlacementMetrics());
    }

    public int fallback() {
        return fallback.value();
    }

    public long chosen() {
        return chosen.value();
    }

    public long postponed() {
        return postponed.value();
    }

    public long postponeLimitReached() {
        return postponeLimitReached.value();
    }

    public long stockDecisions() {
        return stockDecisions.value();
    }

    public long nonLocalByNetwork() {
        return nonLocalByNetwork.value();
    }

    public long nonLocalStock() {
        return nonLocalStock.value();
    }

    public long reservationsMade() {
        return reservationsMade.value();
    }

    public long reservationsFailed() {
        return reservationsFailed.value();
    }

    public long reservationsCovered() {
        return reservationsCovered.value();
    }
}
