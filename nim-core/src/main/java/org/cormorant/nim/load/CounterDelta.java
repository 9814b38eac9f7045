package org.cormorant.nim.load;

/**
 * Bytes counted between two readings of a cumulative counter, allowing for the two ways a counter
 * goes backwards: it wrapped (a 32-bit counter passes 2^32 every 34 s at 1 Gbit/s) or it was reset
 * (switch reboot, port flap, OVS restart). A reset yields no delta rather than a huge bogus rate.
 */
public final class CounterDelta {
    /** Returned when the interval cannot be measured (reset, or not plausible). */
    public static final long UNKNOWN = -1;

    private CounterDelta() {
    }

    /**
     * @param previous       earlier reading
     * @param current        later reading
     * @param counterBits    counter width, 32 or 64 (OpenFlow 1.3 and Linux use 64)
     * @param maxPlausible   most bytes the port could have carried in the interval; a wrapped delta
     *                       above it is taken as a reset
     */
    public static long between(long previous, long current, int counterBits, long maxPlausible) {
        if (Long.compareUnsigned(current, previous) >= 0) {
            return current - previous;
        }
        if (counterBits < 64) {
            long modulus = 1L << counterBits;
            if (Long.compareUnsigned(previous, modulus) < 0) {
                long wrapped = modulus - previous + current;
                if (wrapped <= maxPlausible) {
                    return wrapped;
                }
            }
        }
        return UNKNOWN;
    }
}
