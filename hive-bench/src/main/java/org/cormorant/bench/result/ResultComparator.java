package org.cormorant.bench.result;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Checks that an actual result (Hive's) equals an expected one (the reference's): same number of rows and
 * columns, rows in the same order when the query orders them (otherwise both sides are sorted first),
 * and each cell equal:
 * <ul>
 *   <li>NULL only equals NULL;</li>
 *   <li>two integers (no fraction in either text) must be equal exactly;</li>
 *   <li>other numbers are equal within a relative tolerance ({@value #DEFAULT_RELATIVE}), or within
 *       {@value #DEFAULT_MONEY_ABSOLUTE} absolute when the expected column is DECIMAL (money: sums and
 *       products of DECIMAL(15,2) columns), or when they are equal after rounding to the fewer decimal
 *       places of the two (Hive prints the average of a DECIMAL(15,2) with 6 places: 0.050081 equals
 *       0.05008133906964238);</li>
 *   <li>everything else (text, dates as yyyy-MM-dd) is compared as trimmed strings.</li>
 * </ul>
 */
public final class ResultComparator {

    public static final double DEFAULT_RELATIVE = 1e-6;
    public static final double DEFAULT_MONEY_ABSOLUTE = 0.01;
    private static final int MAX_REPORTED = 10;

    /** The outcome: equal or not, and the first differences in words. */
    public record Comparison(boolean equal, int expectedRows, int actualRows, List<String> differences) {

        public String summary() {
            if (equal) {
                return "equal (" + expectedRows + " rows)";
            }
            return "DIFFERENT: " + String.join("; ", differences);
        }
    }

    private final double relative;
    private final double moneyAbsolute;

    public ResultComparator() {
        this(DEFAULT_RELATIVE, DEFAULT_MONEY_ABSOLUTE);
    }

    public ResultComparator(double relative, double moneyAbsolute) {
        this.relative = relative;
        this.moneyAbsolute = moneyAbsolute;
    }

    public Comparison compare(ResultTable expected, ResultTable actual, boolean ordered) {
        List<String> diffs = new ArrayList<>();
        if (expected.columns().size() != actual.columns().size()) {
            diffs.add("expected " + expected.columns().size() + " columns " + expected.columns()
                    + ", got " + actual.columns().size() + " " + actual.columns());
            return new Comparison(false, expected.rowCount(), actual.rowCount(), diffs);
        }
        if (expected.rowCount() != actual.rowCount()) {
            diffs.add("expected " + expected.rowCount() + " rows, got " + actual.rowCount());
        }
        List<List<String>> e = expected.rows();
        List<List<String>> a = actual.rows();
        if (!ordered) {
            e = sorted(e);
            a = sorted(a);
        }
        int n = Math.min(e.size(), a.size());
        int reported = 0;
        for (int r = 0; r < n; r++) {
            List<String> er = e.get(r);
            List<String> ar = a.get(r);
            if (er.size() != ar.size()) {
                diffs.add("row " + (r + 1) + ": expected " + er.size() + " cells, got " + ar.size());
                if (++reported >= MAX_REPORTED) {
                    break;
                }
                continue;
            }
            for (int c = 0; c < er.size(); c++) {
                if (!cellEquals(er.get(c), ar.get(c), isMoney(expected.type(c)))) {
                    if (reported < MAX_REPORTED) {
                        diffs.add("row " + (r + 1) + " column " + (c + 1) + " (" + expected.columns().get(c) + "): expected "
                                + er.get(c) + ", got " + ar.get(c));
                    }
                    reported++;
                }
            }
            if (reported >= MAX_REPORTED) {
                break;
            }
        }
        return new Comparison(diffs.isEmpty(), expected.rowCount(), actual.rowCount(), diffs);
    }

    static boolean isMoney(String type) {
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("decimal");
    }

    boolean cellEquals(String expected, String actual, boolean money) {
        if (expected == null || actual == null) {
            return expected == null && actual == null;
        }
        String e = expected.trim();
        String a = actual.trim();
        if (e.equals(a)) {
            return true;
        }
        BigDecimal en = number(e);
        BigDecimal an = number(a);
        if (en == null || an == null) {
            return false;
        }
        if (integral(e) && integral(a)) {
            return en.compareTo(an) == 0;
        }
        double diff = en.subtract(an).abs().doubleValue();
        double scale = Math.max(en.abs().doubleValue(), an.abs().doubleValue());
        if (diff <= relative * scale) {
            return true;
        }
        if (money && diff <= moneyAbsolute + 1e-12) {
            return true;
        }
        // A value printed with fewer decimals (Hive: a DECIMAL average has scale + 4) equals the other
        // rounded to that many decimals.
        int places = Math.min(en.scale(), an.scale());
        return places > 0 && diff <= 0.5 * Math.pow(10, -places) * (1 + 1e-9);
    }

    private static boolean integral(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                return false;
            }
        }
        return true;
    }

    static BigDecimal number(String s) {
        if (s.isEmpty()) {
            return null;
        }
        char c = s.charAt(0);
        if (!(Character.isDigit(c) || c == '-' || c == '+' || c == '.')) {
            return null;
        }
        // A date such as 1995-03-15 is not a number.
        if (s.indexOf('-', 1) > 0 && s.indexOf('e') < 0 && s.indexOf('E') < 0) {
            return null;
        }
        try {
            return new BigDecimal(s, MathContext.UNLIMITED);
        } catch (NumberFormatException ex) {
            return null;
        }
    }

    private static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> copy = new ArrayList<>(rows);
        copy.sort(ROW_ORDER);
        return copy;
    }

    /** Row order for unordered results: cell by cell, numbers by value, NULL first. */
    private static final Comparator<List<String>> ROW_ORDER = (x, y) -> {
        int n = Math.min(x.size(), y.size());
        for (int i = 0; i < n; i++) {
            int c = compareCells(x.get(i), y.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.size(), y.size());
    };

    private static int compareCells(String x, String y) {
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : -1) : 1;
        }
        BigDecimal xn = number(x.trim());
        BigDecimal yn = number(y.trim());
        if (xn != null && yn != null) {
            return xn.compareTo(yn);
        }
        return x.trim().compareTo(y.trim());
    }
}
