package org.cormorant.nim.api;

import java.util.List;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.load.PortCounterSample;

/**
 * Request and response bodies of the NIM HTTP API ({@code docs/nim-api.md}, {@code docs/nim-api.yaml}).
 * Bandwidths are in bit/s, times in milliseconds since the epoch.
 */
public final class ApiTypes {
    private ApiTypes() {
    }

    /** GET /v1/topology: the fabric file, and an id that changes whenever the topology does. */
    public record TopologyView(String topologyId, FabricJson.FabricFile fabric) {
    }

    /**
     * GET /v1/snapshot: per-link state, arrays indexed by link id. Link {@code 2i} is cable {@code i}
     * of the topology's link list in the a-to-b direction, {@code 2i+1} the b-to-a direction.
     * {@code measuredBps} holds null for a link never measured.
     */
    public record SnapshotView(String topologyId, long version, long dataTimeMillis, long ageMillis,
                               List<Double> measuredBps, double[] reservedBps, int[] flows,
                               double[] availableBps) {
    }

    public record HostPair(String src, String dst) {
    }

    /** POST /v1/bandwidth: many (src, dst) pairs in one request. aggregation: AVERAGE or MAXIMUM. */
    public record BandwidthRequest(List<HostPair> pairs, String aggregation) {
    }

    /** One answer; {@code error} is set (and the numbers zero) when that pair could not be answered. */
    public record PairBandwidth(String src, String dst, double availableBps, double bestPathBps,
                                List<String> bestPath, int candidatePaths, String error) {
    }

    public record BandwidthResponse(long snapshotVersion, long ageMillis, List<PairBandwidth> results) {
    }

    /** GET /v1/paths?src=&dst=: every candidate path with its available bandwidth, best first. */
    public record PathView(List<String> nodes, double availableBps, double lbpShareBps) {
    }

    public record PathsResponse(String src, String dst, long snapshotVersion, List<PathView> paths) {
    }

    /** POST /v1/reservations. Without {@code path} the NIM reserves the best path. */
    public record ReservationRequest(String owner, String src, String dst, List<String> path,
                                     Double bandwidthBps, Long ttlMillis) {
    }

    public record ReservationView(String id, String owner, String src, String dst, List<String> path,
                                  double bandwidthBps, long createdAtMillis, long expiresAtMillis,
                                  long snapshotVersion) {
    }

    public record ReservationList(List<ReservationView> reservations) {
    }

    /** POST /v1/counters: readings pushed by host agents or a controller. */
    public record CounterBatch(List<PortCounterSample> samples) {
    }

    public record CounterBatchResult(int accepted, int ignored) {
    }

    public record Health(String status, String topologyId, long snapshotVersion, long ageMillis) {
    }

    public record ErrorView(int status, String error, String message) {
    }
}
