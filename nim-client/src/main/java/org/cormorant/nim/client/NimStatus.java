package org.cormorant.nim.client;

/**
 * Whether the client's snapshot can be trusted right now.
 *
 * @param health          fresh (use it), stale or unreachable (fall back to stock behaviour)
 * @param reason          why, for the log
 * @param snapshotVersion version of the local copy, 0 when none
 * @param ageMillis       estimated age of its newest measurement
 */
public record NimStatus(Health health, String reason, long snapshotVersion, long ageMillis) {
    public enum Health {
        FRESH,
        /** The NIM answers but its measurements are old: the controller lost the switches, or no counters arrive. */
        STALE,
        /** The NIM did not answer (or never has). */
        UNREACHABLE
    }

    public boolean usable() {
        return health == Health.FRESH;
    }
}
