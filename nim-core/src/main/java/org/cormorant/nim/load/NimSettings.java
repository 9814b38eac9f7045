package org.cormorant.nim.load;

/**
 * Tunables of the NIM's measurement and reservation bookkeeping.
 *
 * @param smoothing            EWMA weight of the newest rate sample, in (0, 1]; 1 means no smoothing
 * @param counterBits          width of the port counters, 32 or 64
 * @param reservationHoldMillis how long a reservation's bandwidth is subtracted from availability.
 *                              A transfer placed now shows up in port counters only after it starts
 *                              and the next poll sees it (Firebird 5.4.5); after the hold the counters
 *                              carry it and subtracting it too would count it twice
 * @param defaultTtlMillis     lifetime of a reservation that names none
 * @param maxTtlMillis         longest lifetime a caller may ask for
 */
public record NimSettings(double smoothing, int counterBits, long reservationHoldMillis,
                          long defaultTtlMillis, long maxTtlMillis) {
    public NimSettings {
        if (!(smoothing > 0 && smoothing <= 1)) {
            throw new IllegalArgumentException("smoothing must be in (0, 1], got " + smoothing);
        }
        if (counterBits != 32 && counterBits != 64) {
            throw new IllegalArgumentException("counterBits must be 32 or 64, got " + counterBits);
        }
        if (reservationHoldMillis < 0 || defaultTtlMillis <= 0 || maxTtlMillis < defaultTtlMillis) {
            throw new IllegalArgumentException("need 0 <= reservationHoldMillis, 0 < defaultTtlMillis <= maxTtlMillis");
        }
    }

    /** Defaults for a 5 s poll (the chapter's rate): light smoothing, hold two polls, one-minute leases. */
    public static NimSettings defaults() {
        return new NimSettings(0.7, 64, 10_000, 60_000, 3_600_000);
    }

    public NimSettings withReservationHoldMillis(long millis) {
        return new NimSettings(smoothing, counterBits, millis, defaultTtlMillis, maxTtlMillis);
    }

    public NimSettings withSmoothing(double weight) {
        return new NimSettings(weight, counterBits, reservationHoldMillis, defaultTtlMillis, maxTtlMillis);
    }
}
