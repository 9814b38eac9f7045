package org.cormorant.hdfs;

import org.cormorant.nim.schedule.ReplicaOrdering;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;
import org.cormorant.nim.client.NimClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameNode's network topology with Cormorant's replica ordering for readers. Enable it in
 * hdfs-site.xml with {@code dfs.net.topology.impl = org.cormorant.hdfs.CormorantNetworkTopology}
 * (and {@code dfs.use.dfs.network.topology = true}, the default); see docs/hdfs-replica-selector.md.
 *
 * <p>Everything else (placement, racks, storage types) is {@link DFSNetworkTopology}'s. For reads,
 * {@code DatanodeManager.sortLocatedBlock} calls {@link #sortByDistance} when the reader is on a
 * DataNode's host and {@link #sortByDistanceUsingNetworkLocation} otherwise (Hadoop 3.5.0). Both
 * first sort the stock way (node-local first, then by distance, shuffled within a distance, then the
 * secondary sort), then the node-local replicas stay first and the other active replicas are
 * reordered by the NIM's available bandwidth from their host to the reader; ties keep the stock
 * order, replicas past {@code activeLen} (decommissioning, stale, slow) are not touched, and any
 * problem keeps the stock order (see {@link ReplicaOrdering}).
 *
 * <p>The configuration is checked when the NameNode creates the topology, so a bad value fails the
 * start with a message naming the key. The NIM client starts when the first DataNode registers,
 * so formatting a NameNode never contacts the NIM.
 */
public class CormorantNetworkTopology extends DFSNetworkTopology implements Configurable {
    private static final Logger LOG = LoggerFactory.getLogger(CormorantNetworkTopology.class);

    private final Object startLock = new Object();
    private Configuration conf;
    private volatile ReplicaSelectorSettings settings = ReplicaSelectorSettings.stockSettings();
    private volatile ReplicaSelector selector;
    private volatile boolean closed;

    @Override
    public void setConf(Configuration configuration) {
        this.conf = configuration;
        // Throws IllegalArgumentException naming the key: the NameNode does not start.
        this.settings = ReplicaSelectorSettings.from(configuration);
        LOG.info("Cormorant replica selector configured: mode {}", settings.mode().name().toLowerCase(Locale.ROOT));
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    public ReplicaSelectorSettings settings() {
        return settings;
    }

    /** The metrics of the running selector; null in stock mode or before the first DataNode registered. */
    public ReplicaSelectorMetrics replicaSelectorMetrics() {
        ReplicaSelector s = selector;
        return s == null ? null : s.metrics();
    }

    /** The NIM client, for diagnostics and tests; null when not running. */
    public NimClient nimClient() {
        ReplicaSelector s = selector;
        return s == null ? null : s.client();
    }

    ReplicaSelector selector() {
        return selector;
    }

    @Override
    public void add(Node node) {
        super.add(node);
        running();
    }

    /** The selector, started on first use; null in stock mode, after close or when it could not start. */
    private ReplicaSelector running() {
        ReplicaSelector s = selector;
        if (s != null || closed || settings.stock()) {
            return s;
        }
        synchronized (startLock) {
            if (selector == null && !closed) {
                ReplicaSelectorMetrics metrics = new ReplicaSelectorMetrics();
                try {
                    selector = new ReplicaSelector(settings, new NimClient(settings.nim()), metrics.register()).start();
                } catch (RuntimeException | LinkageError e) {
                    // Never let the plugin stop a DataNode from registering or a read from being served.
                    LOG.error("Cormorant replica selector could not start; replicas keep the stock order", e);
                    metrics.unregister();
                    closed = true;
                }
            }
            return selector;
        }
    }

    @Override
    public <T extends Node> void sortByDistance(Node reader, T[] nodes, int activeLen,
                                                Consumer<List<T>> secondarySort) {
        super.sortByDistance(reader, nodes, activeLen, secondarySort);
        reorder(reader, nodes, activeLen, false);
    }

    @Override
    public <T extends Node> void sortByDistanceUsingNetworkLocation(Node reader, T[] nodes, int activeLen,
                                                                    Consumer<List<T>> secondarySort) {
        super.sortByDistanceUsingNetworkLocation(reader, nodes, activeLen, secondarySort);
        reorder(reader, nodes, activeLen, true);
    }

    private <T extends Node> void reorder(Node reader, T[] nodes, int activeLen, boolean nonDataNodeReader) {
        ReplicaSelector s = running();
        if (s == null || nodes == null) {
            return;
        }
        int keepFirst;
        int active;
        try {
            active = Math.max(0, Math.min(activeLen, nodes.length));
            keepFirst = localPrefix(reader, nodes, active, nonDataNodeReader);
        } catch (RuntimeException e) {
            s.metrics().errors.incr();
            s.metrics().stockOrderedSorts.incr();
            return;
        }
        s.reorder(namesOf(reader), nodes, keepFirst, active, CormorantNetworkTopology::namesOf);
    }

    /** How many leading replicas are on the reader's own node: they stay first. */
    private int localPrefix(Node reader, Node[] nodes, int activeLen, boolean nonDataNodeReader) {
        if (reader == null) {
            return 0;
        }
        String readerAddress = reader instanceof DatanodeInfo d ? d.getIpAddr() : reader.getName();
        int k = 0;
        while (k < activeLen && isLocal(reader, readerAddress, nodes[k], nonDataNodeReader)) {
            k++;
        }
        return k;
    }

    private boolean isLocal(Node reader, String readerAddress, Node node, boolean nonDataNodeReader) {
        if (node == null) {
            return false;
        }
        int weight = nonDataNodeReader ? getWeightUsingNetworkLocation(reader, node) : getWeight(reader, node);
        if (weight == 0) {
            return true;
        }
        return readerAddress != null && node instanceof DatanodeInfo d && readerAddress.equals(d.getIpAddr());
    }

    /** A node's names for the NIM: IP address first, then host name. */
    static List<String> namesOf(Node node) {
        List<String> names = new ArrayList<>(2);
        if (node == null) {
            return names;
        }
        if (node instanceof DatanodeInfo d) {
            add(names, d.getIpAddr());
            add(names, d.getHostName());
        } else {
            add(names, node.getName());
        }
        return names;
    }

    private static void add(List<String> names, String name) {
        if (name != null && !name.isEmpty() && !names.contains(name)) {
            names.add(name);
        }
    }

    /**
     * Stops the NIM client and background threads and unregisters the metrics. Hadoop never calls
     * it (a topology lives as long as its NameNode; the threads are daemons); tests and embedders do.
     */
    public void close() {
        synchronized (startLock) {
            closed = true;
            ReplicaSelector s = selector;
            selector = null;
            if (s != null) {
                s.close();
                s.metrics().unregister();
            }
        }
    }
}
