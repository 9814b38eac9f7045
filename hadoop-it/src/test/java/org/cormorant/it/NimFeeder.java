package org.cormorant.it;

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
 * The standalone NIM in-process on loopback, fed by a thread that plays the host agents: every
 * host's NIC (port 0) reports cumulative counters growing at the rates the test sets, transmitted
 * (the host's uplink) and received (its downlink), so the NIM measures those loads and its snapshot
 * stays fresh until {@link #close()}, which is the NIM dying: its HTTP API stops answering.
 */
final class NimFeeder implements AutoCloseable {
    final NetworkInformationManager nim;
    private final NimService service;
    private final List<String> hosts = new ArrayList<>();
    private final Map<String, double[]> bps = new ConcurrentHashMap<>();
    private final Map<String, double[]> bytes = new ConcurrentHashMap<>();
    private final ScheduledExecutorService feeder;
    private long lastFeedMillis;
    private volatile boolean closed;

    NimFeeder(Fabric fabric, long feedMillis) throws java.io.IOException {
        nim = new NetworkInformationManager(fabric, NimSettings.defaults().withSmoothing(1.0),
                System::currentTimeMillis);
        service = new NimService(nim, List.of(), 60_000,
                new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 2)).start();
        for (FabricNode node : fabric.hosts()) {
            hosts.add(node.name());
            bytes.put(node.name(), new double[2]);
        }
        lastFeedMillis = System.currentTimeMillis() - 1000;
        List<PortCounterSample> zero = new ArrayList<>();
        for (String host : hosts) {
            zero.add(new PortCounterSample(host, 0, 0, 0, lastFeedMillis));
        }
        nim.recordCounters(zero);
        feed();
        feeder = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "it-nim-feeder");
            t.setDaemon(true);
            return t;
        });
        feeder.scheduleWithFixedDelay(this::feed, feedMillis, feedMillis, TimeUnit.MILLISECONDS);
    }

    String url() {
        return "http://127.0.0.1:" + service.port();
    }

    /** From now on {@code host} sends {@code txBps} and receives {@code rxBps}; applied at once. */
    NimFeeder load(String host, double txBps, double rxBps) {
        bps.put(host, new double[] {rxBps, txBps});
        feed();
        return this;
    }

    /** Every host idle. */
    NimFeeder idle() {
        bps.clear();
        feed();
        return this;
    }

    private synchronized void feed() {
        long now = System.currentTimeMillis();
        if (closed || now <= lastFeedMillis) {
            return;
        }
        double seconds = (now - lastFeedMillis) / 1000.0;
        lastFeedMillis = now;
        List<PortCounterSample> samples = new ArrayList<>();
        for (String host : hosts) {
            double[] rate = bps.getOrDefault(host, new double[2]);
            double[] total = bytes.get(host);
            total[0] += rate[0] / 8 * seconds;
            total[1] += rate[1] / 8 * seconds;
            samples.add(new PortCounterSample(host, 0, (long) total[0], (long) total[1], now));
        }
        nim.recordCounters(samples);
        service.pollOnce();
    }

    /** The NIM dies: no more counters, and its API stops answering. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            feeder.shutdownNow();
            service.close();
        }
    }
}
