package org.cormorant.nim.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CounterDeltaTest {
    private static final long TWO_32 = 1L << 32;
    private static final long PLENTY = 250_000_000L;

    @Test
    void normalDeltaIsTheDifference() {
        assertEquals(12_500_000, CounterDelta.between(1_000, 12_501_000, 64, PLENTY));
        assertEquals(12_500_000, CounterDelta.between(1_000, 12_501_000, 32, PLENTY));
    }

    @Test
    void unchangedCounterGivesZero() {
        assertEquals(0, CounterDelta.between(42, 42, 64, PLENTY));
    }

    @Test
    void thirtyTwoBitWrapGivesTheWrappedDelta() {
        assertEquals(1_500, CounterDelta.between(TWO_32 - 1_000, 500, 32, PLENTY));
        assertEquals(1, CounterDelta.between(TWO_32 - 1, 0, 32, PLENTY));
    }

    @Test
    void thirtyTwoBitWrapOfExactlyTheMostPlausibleIsAccepted() {
        assertEquals(PLENTY, CounterDelta.between(TWO_32 - 1_000, PLENTY - 1_000, 32, PLENTY));
    }

    @Test
    void implausiblyLargeWrapIsUnknown() {
        // From 100 MB down to 50 MB: as a wrap that would be ~4.2 GB in one interval, so it was a reset.
        assertEquals(CounterDelta.UNKNOWN, CounterDelta.between(100_000_000, 50_000_000, 32, PLENTY));
        assertEquals(CounterDelta.UNKNOWN, CounterDelta.between(TWO_32 - 1_000, PLENTY, 32, PLENTY));
    }

    @Test
    void previousReadingBeyondThirtyTwoBitsCannotBeAWrap() {
        assertEquals(CounterDelta.UNKNOWN, CounterDelta.between(TWO_32 + 5, 3, 32, Long.MAX_VALUE));
    }

    @Test
    void sixtyFourBitDecreaseIsAResetAndUnknown() {
        assertEquals(CounterDelta.UNKNOWN, CounterDelta.between(5_000_000_000L, 1_000, 64, Long.MAX_VALUE));
        assertEquals(CounterDelta.UNKNOWN, CounterDelta.between(1_001, 1_000, 64, Long.MAX_VALUE));
    }

    @Test
    void sixtyFourBitCountersAreUnsigned() {
        // A 64-bit counter above 2^63 reads negative as a Java long but still only grows.
        long nearTop = Long.MAX_VALUE - 10;
        assertEquals(100, CounterDelta.between(nearTop, nearTop + 100, 64, PLENTY));
        assertEquals(CounterDelta.UNKNOWN, CounterDelta.between(nearTop + 100, nearTop, 64, PLENTY));
    }
}
