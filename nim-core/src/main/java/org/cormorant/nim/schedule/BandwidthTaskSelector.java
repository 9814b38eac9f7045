package org.cormorant.nim.schedule;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathBandwidth;

/**
 * Cormorant's Algorithm 1, "select task from a task set" (003 seed, 4.3.3), with the collaborative
 * variant of 4.3.5: for a node asking for work, pick the task and replica whose abstract path to the
 * node has the most available bandwidth; return no task when even that is not above the threshold.
 *
 * <p>A replica on the requesting node itself needs no network and wins outright. Replica hosts the
 * fabric does not know are skipped; if no replica is known at all the result is
 * {@link TaskSelection.Outcome#NO_DECISION} so the caller can keep Hadoop's own choice.
 */
public final class BandwidthTaskSelector {
    private final TaskSelectionPolicy policy;
    private volatile Memo memo;

    /**
     * A(P) per (replica host, requesting host) for one snapshot. A snapshot is immutable and serves
     * the hundreds of decisions a scheduler makes before the next one arrives, each weighing the same
     * few data hosts against the same nodes, so each pair's candidate paths are walked once per
     * snapshot instead of once per decision (and the collaborative mode's best path chosen once).
     */
    private record Memo(NetworkSnapshot snapshot, ConcurrentHashMap<Long, Double> abstractBps,
                        ConcurrentHashMap<Long, Optional<Path>> bestPath) {
    }

    public BandwidthTaskSelector(TaskSelectionPolicy policy) {
        this.policy = policy;
    }

    public TaskSelectionPolicy policy() {
        return policy;
    }

    public TaskSelection select(NetworkSnapshot snapshot, String requestingHost, List<CandidateTask> tasks) {
        Fabric fabric = snapshot.fabric();
        Optional<FabricNode> target = fabric.find(requestingHost).filter(FabricNode::isHost);
        if (target.isEmpty()) {
            return noDecision("requesting node " + requestingHost + " is not a host of the fabric");
        }
        int nc = target.get().index();
        Memo current = memo;
        if (current == null || current.snapshot() != snapshot) {
            current = new Memo(snapshot, new ConcurrentHashMap<>(), new ConcurrentHashMap<>());
            memo = current;
        }
        double max = Double.NEGATIVE_INFINITY;
        CandidateTask best = null;
        String bestReplica = null;
        int bestReplicaIndex = -1;
        int evaluated = 0;
        for (CandidateTask task : tasks) {
            for (String replica : task.replicaHosts()) {
                Optional<FabricNode> nd = fabric.find(replica).filter(FabricNode::isHost);
                if (nd.isEmpty()) {
                    continue;
                }
                evaluated++;
                if (nd.get().index() == nc) {
                    return new TaskSelection(TaskSelection.Outcome.CHOSEN, task, nd.get().name(),
                            Double.POSITIVE_INFINITY, 0, null, "replica is on the requesting node");
                }
                int nd0 = nd.get().index();
                double a = current.abstractBps().computeIfAbsent((long) nd0 * fabric.nodeCount() + nc,
                    key -> PathBandwidth.abstractPath(snapshot, snapshot.paths().between(nd0, nc),
                        policy.mode().aggregation()));
                if (policy.requireRateFit() && !Double.isNaN(task.dataProcessingRateBps())
                        && a < task.dataProcessingRateBps()) {
                    continue;
                }
                if (a > max) {
                    max = a;
                    best = task;
                    bestReplica = nd.get().name();
                    bestReplicaIndex = nd0;
                }
            }
        }
        if (evaluated == 0) {
            return noDecision("no replica host of the " + tasks.size() + " candidate tasks is in the fabric");
        }
        if (best == null) {
            return new TaskSelection(TaskSelection.Outcome.POSTPONED, null, null, 0, 0, null,
                    "no task's data processing rate fits the available bandwidth to " + requestingHost);
        }
        List<Path> bestCandidates = snapshot.paths().between(bestReplicaIndex, nc);
        Path path = policy.mode() == SchedulingMode.COLLABORATIVE
                ? current.bestPath().computeIfAbsent((long) bestReplicaIndex * fabric.nodeCount() + nc,
                    key -> PathBandwidth.best(snapshot, bestCandidates)).orElse(null)
                : null;
        double capacity = bestCandidates.isEmpty() ? 0 : bestCandidates.get(0).capacityBps(fabric);
        double threshold = policy.thresholdFraction() * capacity;
        if (max > threshold) {
            return new TaskSelection(TaskSelection.Outcome.CHOSEN, best, bestReplica, max, threshold, path,
                    "best A(P) " + mbps(max) + " from " + bestReplica + " > threshold " + mbps(threshold));
        }
        return new TaskSelection(TaskSelection.Outcome.POSTPONED, best, bestReplica, max, threshold, null,
                "best A(P) " + mbps(max) + " from " + bestReplica + " <= threshold " + mbps(threshold));
    }

    private static TaskSelection noDecision(String reason) {
        return new TaskSelection(TaskSelection.Outcome.NO_DECISION, null, null, 0, 0, null, reason);
    }

    /** One decimal without String.format: this runs on the scheduler's thread for every decision. */
    private static String mbps(double bps) {
        return Math.round(bps / 1e5) / 10.0 + " Mbit/s";
    }
}
