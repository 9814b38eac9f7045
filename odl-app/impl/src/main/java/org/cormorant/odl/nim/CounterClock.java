package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.odl.nim.NetworkReading.PortCounters;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;

/**
 * Dates port counters. openflowplugin refreshes port statistics on its own schedule (every 3-6 s)
 * while the NIM reads them every poll, so a poll can see the same statistics twice or two refreshes
 * apart. Stamping a reading with the time of the poll would then produce a zero-rate interval
 * followed by a double-rate one. Instead each reading is dated by the port's own uptime
 * ({@code duration}, read by the switch together with the counters): the first time a port is seen
 * its uptime is anchored to the wall clock, after that {@code anchor + duration} is the reading's time.
 * A repeated reading therefore repeats its timestamp and nim-core ignores it. A port whose uptime
 * goes backwards (it flapped, or the switch reconnected) is anchored again. Without a duration the
 * poll time serves.
 */
final class CounterClock {
    private final Map<String, Long> anchors = new HashMap<>();
    private final Map<String, Long> lastDuration = new HashMap<>();

    /** Samples for nim-core from every port of the reading that has counters. Not thread-safe. */
    List<PortCounterSample> samples(NetworkReading reading) {
        long now = reading.readAtMillis();
        List<PortCounterSample> samples = new ArrayList<>(reading.ports().size());
        for (SwitchPort port : reading.ports()) {
            PortCounters counters = port.counters();
            if (counters == null) {
                continue;
            }
            samples.add(new PortCounterSample(port.node(), port.port(), counters.rxBytes(), counters.txBytes(),
                    timestamp(port.node() + ":" + port.port(), counters.durationMillis(), now)));
        }
        return samples;
    }

    /**
     * The time of a reading of counters identified by {@code key} taken when their object (port,
     * rule) had been up {@code durationMillis}; the poll time {@code now} when that is unknown (-1).
     */
    long timestamp(String key, long durationMillis, long now) {
        if (durationMillis < 0) {
            return now;
        }
        Long previous = lastDuration.put(key, durationMillis);
        Long anchor = anchors.get(key);
        if (anchor == null || previous == null || durationMillis < previous) {
            anchor = now - durationMillis;
            anchors.put(key, anchor);
        }
        return anchor + durationMillis;
    }
}
