package org.cormorant.bench.report;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's plots, in the shape of the chapter's figures: time per query, grouped by scenario (Figure
 * 4.7); total time per scenario normalised to the baseline, with issue 5's targets as lines (Figure 4.6,
 * normalised as in 4.9-4.11); MapReduce phase times summed over the jobs (Figure 4.8).
 */
public final class ReportCharts {

    public static final int QUERIES_WIDTH = 1200;
    public static final int QUERIES_HEIGHT = 600;
    public static final int TOTAL_WIDTH = 800;
    public static final int TOTAL_HEIGHT = 500;
    public static final int PHASES_WIDTH = 800;
    public static final int PHASES_HEIGHT = 500;

    /** Okabe-Ito colours (readable with colour-blindness), one per Table 4.3 scenario, then for any other. */
    private static final List<Color> KNOWN_COLOURS = List.of(
            new Color(0xD5, 0x5E, 0x00),   // default: vermillion
            new Color(0x56, 0xB4, 0xE9),   // task-replica: sky blue
            new Color(0xE6, 0x9F, 0x00),   // flow-only: orange
            new Color(0x00, 0x9E, 0x73),   // collaborative: bluish green
            new Color(0x99, 0x99, 0x99));  // no-traffic: grey
    private static final List<Color> OTHER_COLOURS = List.of(
            new Color(0x00, 0x72, 0xB2), new Color(0xCC, 0x79, 0xA7), new Color(0xF0, 0xE4, 0x42), new Color(0x00, 0x00, 0x00));

    private ReportCharts() {
    }

    public static Color colour(String scenario, List<String> all) {
        int k = ScenarioOrder.KNOWN.indexOf(scenario);
        if (k >= 0) {
            return KNOWN_COLOURS.get(k);
        }
        int other = 0;
        for (String s : all) {
            if (s.equals(scenario)) {
                break;
            }
            if (!ScenarioOrder.KNOWN.contains(s)) {
                other++;
            }
        }
        return OTHER_COLOURS.get(other % OTHER_COLOURS.size());
    }

    /** Figure 4.7: seconds per query, one bar per scenario, whiskers from the fastest to the slowest run. */
    public static BarChart queries(BenchComparison c, String title) {
        List<String> cats = new ArrayList<>();
        for (String q : c.queries()) {
            cats.add(ReportFormat.queryLabel(q));
        }
        BarChart chart = new BarChart(title + ": time per query", "TPC-H query", "query time (s)", cats);
        for (String s : c.scenarios()) {
            int n = c.queries().size();
            double[] v = new double[n];
            double[] lo = new double[n];
            double[] hi = new double[n];
            for (int i = 0; i < n; i++) {
                Spread sp = c.querySeconds(s, c.queries().get(i));
                v[i] = sp == null ? Double.NaN : sp.median();
                lo[i] = sp == null ? Double.NaN : sp.min();
                hi[i] = sp == null ? Double.NaN : sp.max();
            }
            chart.add(new BarChart.Series(s, colour(s, c.scenarios()), v, lo, hi));
        }
        return chart;
    }

    /**
     * Figure 4.6, normalised: each scenario's total over the baseline's (so the baseline is 1), labelled
     * with the ratio and the seconds; dashed lines at the collaborative targets (0.70x baseline, 1.15x
     * no-traffic). Without a baseline total the bars are plain seconds.
     */
    public static BarChart total(BenchComparison c, String title, String baseline, double vsBaseline, double vsNoTraffic) {
        List<String> sc = c.scenarios();
        Spread base = c.has(baseline) ? c.totalSeconds(baseline) : null;
        boolean normalised = base != null && base.median() > 0;
        double unit = normalised ? base.median() : 1;
        double[] v = new double[sc.size()];
        double[] lo = new double[sc.size()];
        double[] hi = new double[sc.size()];
        List<String> labels = new ArrayList<>();
        List<Color> colours = new ArrayList<>();
        for (int i = 0; i < sc.size(); i++) {
            Spread t = c.totalSeconds(sc.get(i));
            v[i] = t == null ? Double.NaN : t.median() / unit;
            lo[i] = t == null ? Double.NaN : t.min() / unit;
            hi[i] = t == null ? Double.NaN : t.max() / unit;
            labels.add(t == null ? "" : normalised
                    ? ReportFormat.fixed(v[i], 2) + "x (" + ReportFormat.fixed(t.median(), 1) + " s)"
                    : ReportFormat.fixed(t.median(), 1) + " s");
            colours.add(colour(sc.get(i), sc));
        }
        BarChart chart = normalised
                ? new BarChart(title + ": total time relative to " + baseline, "scenario", "total time / " + baseline + " total", sc)
                : new BarChart(title + ": total time", "scenario", "total time (s)", sc);
        chart.add(new BarChart.Series("total", colours.get(0), v, lo, hi)).colourByCategory(colours).barLabels(labels);
        if (normalised && c.has(TargetCheck.COLLABORATIVE)) {
            Color target = new Color(0x00, 0x6B, 0x4E);
            chart.line(new BarChart.ReferenceLine(vsBaseline, "collaborative target: " + ReportFormat.fixed(vsBaseline, 2)
                    + "x " + baseline, target));
            Spread nt = c.has(BenchComparison.NO_TRAFFIC) ? c.totalSeconds(BenchComparison.NO_TRAFFIC) : null;
            if (nt != null) {
                chart.line(new BarChart.ReferenceLine(vsNoTraffic * nt.median() / unit, "collaborative target: "
                        + ReportFormat.fixed(vsNoTraffic, 2) + "x no-traffic", new Color(0x55, 0x55, 0x55)));
            }
        }
        return chart;
    }

    /** Figure 4.8's shape: map, shuffle and reduce time summed over all jobs, one bar per scenario with a jobs.csv. */
    public static BarChart phases(BenchComparison c, String title) {
        List<JobMetric> phases = List.of(JobMetric.MAP_SECONDS, JobMetric.SHUFFLE_SECONDS, JobMetric.REDUCE_SECONDS);
        BarChart chart = new BarChart(title + ": MapReduce phases, summed over all jobs", "phase", "time (s, sum over jobs)",
                List.of("map", "shuffle", "reduce"));
        for (String s : c.scenarios()) {
            if (!c.hasJobs(s)) {
                continue;
            }
            double[] v = new double[phases.size()];
            double[] lo = new double[phases.size()];
            double[] hi = new double[phases.size()];
            for (int i = 0; i < phases.size(); i++) {
                Spread sp = c.jobSum(s, null, phases.get(i));
                v[i] = sp == null ? Double.NaN : sp.median();
                lo[i] = sp == null ? Double.NaN : sp.min();
                hi[i] = sp == null ? Double.NaN : sp.max();
            }
            chart.add(new BarChart.Series(s, colour(s, c.scenarios()), v, lo, hi));
        }
        return chart;
    }

    /** Whether any scenario's jobs.csv gives at least one phase time (else the phases plot would be empty). */
    public static boolean hasPhases(BenchComparison c) {
        for (String s : c.scenarios()) {
            if (!c.hasJobs(s)) {
                continue;
            }
            for (JobMetric m : List.of(JobMetric.MAP_SECONDS, JobMetric.SHUFFLE_SECONDS, JobMetric.REDUCE_SECONDS)) {
                if (c.jobSum(s, null, m) != null) {
                    return true;
                }
            }
        }
        return false;
    }
}
