package org.cormorant.nim.schedule;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.query.PathAggregation;
import org.cormorant.nim.query.PathBandwidth;

/**
 * Orders one block's replicas for a reader by the NIM's available bandwidth, on a snapshot, with no
 * Hadoop types. The rules:
 * <ul>
 *   <li>the first {@code keepFirst} replicas (the node-local ones, as Hadoop found them) stay where
 *       they are;</li>
 *   <li>the other active replicas, up to {@code activeLen}, are ordered by A(P) from the replica's
 *       host to the reader's host, most bandwidth first, with the mode's aggregation (average or
 *       maximum over the candidate paths). A replica on the reader's own host needs no network and
 *       counts as infinite;</li>
 *   <li>the sort is stable: ties keep the order the replicas came in (the stock order);</li>
 *   <li>replicas from {@code activeLen} on (decommissioning, stale, slow) are not touched;</li>
 *   <li>if the reader or any active replica is not a host of the fabric, nothing is changed and the
 *       result says which name was unknown.</li>
 * </ul>
 * The array is only written once everything is known, so a failure leaves the stock order.
 *
 * <p>Hosts are looked up by each of their names in turn (the caller passes the IP address before
 * the host name); the NIM knows a host by its fabric name or any of its addresses.
 */
public final class ReplicaOrdering {
    private ReplicaOrdering() {
    }

    public enum Status {
        /** Replicas ordered by bandwidth (possibly unchanged when they tie). */
        ORDERED,
        /** The reader is not a host of the fabric: stock order kept. */
        UNKNOWN_READER,
        /** An active replica's host is not in the fabric: stock order kept. */
        UNKNOWN_REPLICA
    }

    /**
     * What happened.
     *
     * @param status      ordered, or why not
     * @param unknownName the name that was not found (the first of the unknown node's names), or null
     * @param reader      the reader's fabric host, or null when unknown
     * @param first       the fabric host of the replica now first when it is remote (a reservation
     *                    candidate), null when the first replica is local or nothing was ordered
     * @param firstBps    A(P) of that first remote replica, 0 otherwise
     */
    public record Result(Status status, String unknownName, FabricNode reader, FabricNode first, double firstBps) {
        public boolean ordered() {
            return status == Status.ORDERED;
        }
    }

    /**
     * Reorders {@code replicas[keepFirst, activeLen)} in place.
     *
     * @param readerNames the reader's names (address first)
     * @param namesOf     a replica's names (address first)
     */
    public static <T> Result order(NetworkSnapshot snapshot, PathAggregation aggregation, List<String> readerNames,
                                   T[] replicas, int keepFirst, int activeLen,
                                   Function<? super T, List<String>> namesOf) {
        if (keepFirst < 0 || keepFirst > activeLen || activeLen > replicas.length) {
            throw new IllegalArgumentException("need 0 <= keepFirst <= activeLen <= " + replicas.length
                    + ", got keepFirst " + keepFirst + ", activeLen " + activeLen);
        }
        Fabric fabric = snapshot.fabric();
        FabricNode reader = resolve(fabric, readerNames);
        if (reader == null) {
            return new Result(Status.UNKNOWN_READER, firstName(readerNames), null, null, 0);
        }
        int n = activeLen - keepFirst;
        double[] bps = new double[n];
        FabricNode[] hosts = new FabricNode[n];
        for (int i = 0; i < n; i++) {
            List<String> names = namesOf.apply(replicas[keepFirst + i]);
            FabricNode host = resolve(fabric, names);
            if (host == null) {
                return new Result(Status.UNKNOWN_REPLICA, firstName(names), reader, null, 0);
            }
            hosts[i] = host;
            bps[i] = host.index() == reader.index() ? Double.POSITIVE_INFINITY
                    : PathBandwidth.abstractPath(snapshot, snapshot.paths().between(host.index(), reader.index()),
                    aggregation);
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // Arrays.sort on objects is a stable merge sort: equal bandwidths keep the incoming order.
        Arrays.sort(order, (a, b) -> Double.compare(bps[b], bps[a]));
        T[] incoming = Arrays.copyOfRange(replicas, keepFirst, activeLen);
        for (int i = 0; i < n; i++) {
            replicas[keepFirst + i] = incoming[order[i]];
        }
        FabricNode first = null;
        double firstBps = 0;
        if (keepFirst == 0 && n > 0 && hosts[order[0]].index() != reader.index()) {
            first = hosts[order[0]];
            firstBps = bps[order[0]];
        }
        return new Result(Status.ORDERED, null, reader, first, firstBps);
    }

    /** The first of {@code names} that is a host of the fabric, or null. */
    static FabricNode resolve(Fabric fabric, List<String> names) {
        for (String name : names) {
            if (name == null || name.isEmpty()) {
                continue;
            }
            FabricNode node = fabric.find(name).orElse(null);
            if (node != null && node.isHost()) {
                return node;
            }
        }
        return null;
    }

    private static String firstName(List<String> names) {
        for (String name : names) {
            if (name != null && !name.isEmpty()) {
                return name;
            }
        }
        return "(unnamed)";
    }
}
