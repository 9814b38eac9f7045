package org.cormorant.bench.report;

import java.util.List;

/**
 * {@code results.csv}: one line per query and a {@code total} line; per scenario its median seconds and
 * the min and max over the runs ({@code <scenario>,<scenario>_min,<scenario>_max}). Blank: the query never
 * finished in that scenario (or no run was complete, for the total).
 */
public final class ResultsCsv {

    private ResultsCsv() {
    }

    public static String render(BenchComparison c) {
        StringBuilder b = new StringBuilder("query");
        for (String s : c.scenarios()) {
            b.append(',').append(s).append(',').append(s).append("_min,").append(s).append("_max");
        }
        b.append('\n');
        for (String q : c.queries()) {
            b.append(q);
            for (String s : c.scenarios()) {
                cells(b, c.querySeconds(s, q));
            }
            b.append('\n');
        }
        b.append("total");
        for (String s : c.scenarios()) {
            cells(b, c.totalSeconds(s));
        }
        b.append('\n');
        return b.toString();
    }

    private static void cells(StringBuilder b, Spread s) {
        for (String v : s == null ? List.of("", "", "")
                : List.of(ReportFormat.plain(s.median()), ReportFormat.plain(s.min()), ReportFormat.plain(s.max()))) {
            b.append(',').append(v);
        }
    }
}
