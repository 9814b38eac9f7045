package org.cormorant.yarn.mapreduce;

/**
 * Job counters of {@link NetworkAwareMRAppMaster} (group {@code org.cormorant.yarn.mapreduce.MapAssignmentCounter}
 * in the job's counters and history), so a job shows how its non-local maps were matched to containers.
 */
public enum MapAssignmentCounter {
    /** Non-local containers given the map Algorithm 1 chose for their node. */
    NETWORK_ASSIGNED_MAPS,
    /** Non-local containers given the stock AM's map: the NIM could not judge (hosts unknown to the fabric). */
    STOCK_ASSIGNED_MAPS,
    /** Non-local containers whose planned map the stock assignment did not take (the plan's view was out of date). */
    PLAN_NOT_FOLLOWED,
    /** Heartbeats with non-local containers while the NIM was stale or unreachable: stock assignment. */
    NIM_FALLBACK_HEARTBEATS
}
