package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.odl.nim.NetworkReading.PortCounters;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;
import org.junit.jupiter.api.Test;

class CounterClockTest {
    private static NetworkReading reading(long now, long durationMillis) {
        return new NetworkReading(List.of("openflow:1"),
                List.of(new SwitchPort("openflow:1", 1, 0, new PortCounters(100, 200, durationMillis))), List.of(),
                now);
    }

    @Test
    void readingsAreDatedByThePortsUptime() {
        CounterClock clock = new CounterClock();
        PortCounterSample first = clock.samples(reading(10_000, 4_000)).get(0);
        assertEquals(10_000, first.timestampMillis());
        // polled 5 s later, but the switch read the counters 3.5 s after the first reading
        assertEquals(13_500, clock.samples(reading(15_000, 7_500)).get(0).timestampMillis());
        // the same statistics seen again keep their time, so nim-core skips them
        assertEquals(13_500, clock.samples(reading(20_000, 7_500)).get(0).timestampMillis());
    }

    @Test
    void aPortWhoseUptimeGoesBackIsAnchoredAgain() {
        CounterClock clock = new CounterClock();
        clock.samples(reading(10_000, 4_000));
        assertEquals(20_000, clock.samples(reading(20_000, 1_000)).get(0).timestampMillis());
        assertEquals(22_000, clock.samples(reading(25_000, 3_000)).get(0).timestampMillis());
    }

    @Test
    void withoutUptimeThePollTimeServes() {
        CounterClock clock = new CounterClock();
        assertEquals(7, clock.samples(reading(7, -1)).get(0).timestampMillis());
        NetworkReading noCounters = new NetworkReading(List.of("openflow:1"),
                List.of(new SwitchPort("openflow:1", 1, 0, null)), List.of(), 9);
        assertEquals(0, clock.samples(noCounters).size());
    }
}
