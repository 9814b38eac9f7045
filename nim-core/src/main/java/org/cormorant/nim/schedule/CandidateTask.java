package org.cormorant.nim.schedule;

import java.util.List;

/**
 * A pending task as the task selector sees it: an identifier the caller understands, the hosts
 * holding its input split, and optionally the rate at which it consumes input.
 *
 * @param id                  caller's identifier (a map task attempt, a scheduler request key)
 * @param replicaHosts        hosts holding a replica of the input (t.getSplitLocations())
 * @param dataProcessingRateBps estimated input rate of the task (Firebird's DPR), NaN when unknown
 */
public record CandidateTask(String id, List<String> replicaHosts, double dataProcessingRateBps) {
    public CandidateTask {
        replicaHosts = List.copyOf(replicaHosts);
    }

    public CandidateTask(String id, List<String> replicaHosts) {
        this(id, replicaHosts, Double.NaN);
    }
}
