package org.cormorant.hdfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.service.NimApi;
import org.cormorant.nim.service.NimHttpServer;
import org.cormorant.nim.service.NimService;

/**
 * The standalone NIM, in-process on loopback, fed by a thread that plays host agents: every host's
 * NIC (port 0) pushes cumulative counters that grow at the rate the test sets, so the NIM measures
 * that rate on the host's uplink and its snapshot stays fresh until {@link #stopFeeding()}.
 */
final class NimFixture implements AutoCloseable {
    static final String TOKEN = "test-token";

    final NetworkInformationManager nim;
    final NimService service;
    private final Map<String, Double> txBps = new ConcurrentHashMap<>();
    private final Map<String, Double> txBytes = new ConcurrentHashMap<>();
    private final List<String> hosts = new ArrayList<>();
    private final long feedMillis;
    private ScheduledExecutorService feeder;
    private long lastFeedMillis;

    NimFixture(Fabric fabric, long feedMillis) throws java.io.IOException {
        nim = new NetworkInformationManager(fabric, NimSettings.defaults().withSmoothing(1.0), System::currentTimeMillis);
        service = new NimService(nim, List.of(), 60_000,
                new NimHttpServer(new NimApi(nim, TOKEN), "127.0.0.1", 0, 2)).start();
        for (FabricNode node : fabric.hosts()) {
            hosts.add(node.name());
            txBytes.put(node.name(), 0.0);
        }
        // A first reading a second ago, so the first feed already yields rates.
        lastFeedMillis = System.currentTimeMillis() - 1000;
        List<PortCounterSample> zero = new ArrayList<>();
        for (String host : hosts) {
            zero.add(new PortCounterSample(host, 0, 0, 0, lastFeedMillis));
        }
        nim.recordCounters(zero);
        this.feedMillis = feedMillis;
    }

    /** Feeds once now (at the loads set so far), then every feed interval. */
    NimFixture start() {
        feed();
        startFeeding();
        return this;
    }

    String url() {
        return "http://127.0.0.1:" + service.port();
    }

    /** What {@code host} sends from now on, bit/s (its uplink's measured load). */
    NimFixture load(String host, double bps) {
        txBps.put(host, bps);
        return this;
    }

    /** One round of counters from every host, then a snapshot rebuild. */
    synchronized void feed() {
        long now = System.currentTimeMillis();
        if (now <= lastFeedMillis) {
            return; // a zero-length interval yields no rate
        }
        double seconds = (now - lastFeedMillis) / 1000.0;
        lastFeedMillis = now;
        List<PortCounterSample> samples = new ArrayList<>();
        for (String host : hosts) {
            double bytes = txBytes.merge(host, txBps.getOrDefault(host, 0.0) / 8 * seconds, Double::sum);
            samples.add(new PortCounterSample(host, 0, 0, (long) bytes, now));
        }
        nim.recordCounters(samples);
        service.pollOnce();
    }

    /** Counters stop arriving: the NIM still answers, but its measurements age. */
    synchronized void stopFeeding() {
        if (feeder != null) {
            feeder.shutdownNow();
        }
    }

    /** Counters arrive again every feed interval, starting one interval from now. */
    synchronized void startFeeding() {
        feeder = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "test-nim-feeder");
            t.setDaemon(true);
            return t;
        });
        feeder.scheduleWithFixedDelay(this::feed, feedMillis, feedMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        stopFeeding();
        service.close();
    }
}
