package org.cormorant.bench.report;

/**
 * One line of hive-bench's {@code times.csv}: a query's wall time ({@code -1} when it failed in Hive), its
 * verdict against the reference ({@code equal}, {@code DIFFERENT}, {@code failed} or {@code unchecked}) and
 * how many MapReduce jobs it ran ({@code -1} when not recorded).
 */
public record QueryTime(String query, long elapsedMillis, String verdict, int jobs) {

    public static final String EQUAL = "equal";

    public boolean succeeded() {
        return elapsedMillis >= 0;
    }

    public boolean equalsReference() {
        return EQUAL.equals(verdict);
    }

    public double seconds() {
        return elapsedMillis / 1000.0;
    }
}
