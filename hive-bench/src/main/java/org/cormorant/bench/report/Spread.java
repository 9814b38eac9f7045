package org.cormorant.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A figure over repeated runs: the median (what tables and bars show, robust to one slow run on a shared
 * machine), the smallest and largest value, and how many runs gave a value.
 */
public record Spread(double median, double min, double max, int runs) {

    /** The spread of the values, or {@code null} when there are none. */
    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        List<Double> v = new ArrayList<>(values);
        Collections.sort(v);
        int n = v.size();
        double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
        return new Spread(median, v.get(0), v.get(n - 1), n);
    }

    /** Whether the runs gave different values (a range worth showing). */
    public boolean varies() {
        return min < max;
    }
}
