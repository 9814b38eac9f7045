package org.cormorant.nim.load;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.cormorant.nim.fabric.HostPair;

/**
 * Per host pair sending rate from the byte counters of the pair's rules on its source edge switch
 * (the flow scheduler's view of which pairs are large flows, Hedera 4.1). A pair's traffic moves
 * between rules of different priorities as it is pinned and unpinned, so the pair's rate is the sum
 * over its rules, and a rule installed since the last reading counts all its bytes over its own
 * lifetime. Rates are smoothed like link rates ({@link NimSettings#smoothing()}), so a flow's rate
 * and the link loads it is part of agree.
 */
public final class PairRateEstimator {
    private record RuleKey(String switchName, int priority, HostPair pair) {
    }

    private record Reading(long bytes, double durationSeconds, long timestampMillis) {
    }

    private final double smoothing;
    private Map<RuleKey, Reading> last = new HashMap<>();
    private final Map<HostPair, Double> rates = new TreeMap<>();
    private long lastReadingMillis = Long.MIN_VALUE;

    public PairRateEstimator(double smoothing) {
        if (!(smoothing > 0 && smoothing <= 1)) {
            throw new IllegalArgumentException("smoothing must be in (0, 1], got " + smoothing);
        }
        this.smoothing = smoothing;
    }

    /**
     * Takes one complete reading of the rules (all edge switches); rules absent from it are gone.
     * Returns the current rates.
     */
    public synchronized Map<HostPair, Double> record(Collection<RuleCounterSample> samples) {
        Map<RuleKey, Reading> now = new HashMap<>();
        Map<HostPair, Double> sampleRates = new HashMap<>();
        Set<HostPair> repeated = new HashSet<>();
        long newest = lastReadingMillis;
        for (RuleCounterSample s : samples) {
            RuleKey key = new RuleKey(s.switchName(), s.priority(), s.pair());
            Reading reading = new Reading(s.bytes(), s.durationSeconds(), s.timestampMillis());
            Reading previous = last.get(key);
            now.put(key, reading);
            newest = Math.max(newest, s.timestampMillis());
            if (reading.equals(previous)) {
                // The same statistics again (a controller refreshes them on its own schedule and dates
                // them by the rule's age): nothing new about this pair, its rate stands.
                repeated.add(s.pair());
                continue;
            }
            double rate = ruleRate(previous, reading);
            if (!Double.isNaN(rate)) {
                sampleRates.merge(s.pair(), rate, Double::sum);
            }
        }
        repeated.removeAll(sampleRates.keySet());
        // A pair none of whose rules could be rated (first reading) has no rate yet; one whose rules
        // are all gone has none any more.
        rates.keySet().retainAll(union(sampleRates.keySet(), repeated));
        sampleRates.forEach((pair, rate) -> rates.merge(pair, rate, (old, fresh) -> smoothing * fresh + (1 - smoothing) * old));
        last = now;
        lastReadingMillis = newest;
        return Map.copyOf(rates);
    }

    private static Set<HostPair> union(Set<HostPair> a, Set<HostPair> b) {
        Set<HostPair> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    public synchronized Map<HostPair, Double> rates() {
        return Map.copyOf(rates);
    }

    /**
     * Bits per second of one rule over the interval since the previous reading, or NaN when unknown.
     * A rule installed (or re-installed: its age went down) within the interval counted all its bytes
     * in it; on the very first reading an old rule's bytes span an unknown time.
     */
    private double ruleRate(Reading previous, Reading current) {
        long since;
        long bytes;
        if (previous != null && current.durationSeconds() >= previous.durationSeconds()
                && current.bytes() >= previous.bytes()) {
            since = previous.timestampMillis();
            bytes = current.bytes() - previous.bytes();
        } else if (previous != null || (lastReadingMillis != Long.MIN_VALUE
                && current.durationSeconds() * 1000 <= current.timestampMillis() - lastReadingMillis + 1)) {
            since = previous != null ? previous.timestampMillis() : lastReadingMillis;
            bytes = current.bytes();
        } else {
            return Double.NaN;
        }
        double seconds = (current.timestampMillis() - since) / 1000.0;
        return seconds > 0 ? bytes * 8.0 / seconds : Double.NaN;
    }
}
