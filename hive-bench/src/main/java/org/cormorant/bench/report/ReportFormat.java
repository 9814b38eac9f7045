package org.cormorant.bench.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** How numbers read in the report's tables: fixed decimals, spreads as {@code median (min-max)}, ratios as {@code 0.78x}. */
public final class ReportFormat {

    private ReportFormat() {
    }

    /** Up to 4 decimals, no trailing zeros, no exponent: the CSV form (milliseconds survive as seconds). */
    public static String plain(double v) {
        BigDecimal d = BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros();
        return d.signum() == 0 ? "0" : d.toPlainString();
    }

    public static String fixed(double v, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** {@code 14.0}, or {@code 14.0 (12.0-15.0)} when the runs differ; {@code -} when unknown. */
    public static String spread(Spread s, int decimals) {
        if (s == null) {
            return "-";
        }
        String m = fixed(s.median(), decimals);
        return s.varies() ? m + " (" + fixed(s.min(), decimals) + "-" + fixed(s.max(), decimals) + ")" : m;
    }

    public static String ratio(Double r, int decimals) {
        return r == null ? "-" : fixed(r, decimals) + "x";
    }

    public static String queryLabel(String q) {
        return q.matches("\\d+") ? "Q" + q : q;
    }
}
