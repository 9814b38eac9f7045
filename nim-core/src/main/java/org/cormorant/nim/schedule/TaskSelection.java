package org.cormorant.nim.schedule;

import org.cormorant.nim.path.Path;

/**
 * What the task selector decided for a requesting node.
 *
 * @param outcome      chosen, postponed, or no usable candidate
 * @param task         the chosen task, or the best one found when postponed; null when none
 * @param replicaHost  host of the replica to read from
 * @param availableBps A(P) of the choice
 * @param thresholdBps the threshold it was compared with
 * @param path         the physical path to pin (collaborative mode), else null
 * @param reason       a sentence for the log
 */
public record TaskSelection(Outcome outcome, CandidateTask task, String replicaHost, double availableBps,
                            double thresholdBps, Path path, String reason) {
    public enum Outcome {
        /** Run {@link #task} here, reading from {@link #replicaHost}. */
        CHOSEN,
        /** Every candidate is below the threshold: leave the slot idle until the network improves. */
        POSTPONED,
        /** The NIM cannot judge (unknown hosts, no candidates): the caller keeps its stock behaviour. */
        NO_DECISION
    }

    public boolean chosen() {
        return outcome == Outcome.CHOSEN;
    }
}
