package org.cormorant.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import static org.cormorant.bench.report.ReportFormat.fixed;
import static org.cormorant.bench.report.ReportFormat.queryLabel;
import static org.cormorant.bench.report.ReportFormat.ratio;
import static org.cormorant.bench.report.ReportFormat.spread;

/**
 * {@code summary.md}: per-query seconds side by side (median, min-max over repeats), totals and their
 * ratios to the baseline and to no-traffic, issue 5's targets with an honest verdict, whether every
 * answer equalled the reference, where the time went per MapReduce job (when jobs.csv exists) and the plots.
 */
public final class SummaryMarkdown {

    private SummaryMarkdown() {
    }

    /**
     * @param plots  file names of the PNGs written beside the summary, with their captions
     * @param footer the command that produced the report (shown as code), or null
     */
    public static String render(BenchComparison c, String title, List<String> notes, String baseline,
                                List<TargetCheck> targets, List<Plot> plots, String footer) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(title).append("\n\n");
        for (String n : notes) {
            b.append(n).append("\n\n");
        }
        scope(b, c, baseline);
        perQuery(b, c, baseline);
        targets(b, targets);
        answers(b, c);
        if (c.hasAnyJobs()) {
            jobs(b, c);
        }
        if (!plots.isEmpty()) {
            b.append("## Plots\n\n");
            for (Plot p : plots) {
                b.append("![").append(p.caption()).append("](").append(p.file()).append(")\n\n");
            }
        }
        if (footer != null) {
            b.append("Report: `").append(footer).append("`\n");
        }
        return b.toString();
    }

    /** A PNG beside the summary. */
    public record Plot(String file, String caption) {
    }

    private static void scope(StringBuilder b, BenchComparison c, String baseline) {
        List<String> parts = new ArrayList<>();
        boolean repeats = false;
        for (String s : c.scenarios()) {
            int n = c.runs(s);
            repeats |= n > 1;
            parts.add(s + " (" + n + (n == 1 ? " run" : " runs") + ")");
        }
        b.append("Scenarios: ").append(String.join(", ", parts)).append(". ");
        if (repeats) {
            b.append("With repeats a cell is the median over the runs, followed by the range (min-max) when the runs differ. ");
        }
        List<String> q = new ArrayList<>();
        for (String x : c.commonQueries()) {
            q.add(queryLabel(x));
        }
        b.append("Totals cover ").append(q.isEmpty() ? "no query (no query ran in every scenario)" : String.join(", ", q));
        if (c.queries().size() > c.commonQueries().size()) {
            b.append(", the queries every scenario ran");
        }
        b.append(". Times are Hive's wall time per query in seconds.");
        if (!c.has(baseline)) {
            b.append(" The baseline scenario '").append(baseline).append("' did not run, so there are no ratios to it.");
        }
        b.append("\n\n");
    }

    private static void perQuery(StringBuilder b, BenchComparison c, String baseline) {
        List<String> sc = c.scenarios();
        b.append("## Time per query (s)\n\n| query |");
        for (String s : sc) {
            b.append(' ').append(s).append(" |");
        }
        b.append("\n|---|");
        b.append("---:|".repeat(sc.size()));
        b.append('\n');
        for (String q : c.queries()) {
            b.append("| ").append(queryLabel(q)).append(" |");
            for (String s : sc) {
                b.append(' ').append(queryCell(c, s, q)).append(" |");
            }
            b.append('\n');
        }
        b.append("| **total** |");
        for (String s : sc) {
            Spread t = c.totalSeconds(s);
            b.append(' ').append(t == null ? "-" : "**" + spread(t, 1) + "**").append(" |");
        }
        b.append('\n');
        for (String ref : List.of(baseline, BenchComparison.NO_TRAFFIC)) {
            if (!c.has(ref) || (ref.equals(BenchComparison.NO_TRAFFIC) && ref.equals(baseline))) {
                continue;
            }
            b.append("| vs ").append(ref).append(" |");
            for (String s : sc) {
                b.append(' ').append(ratio(c.ratio(s, ref), 2)).append(" |");
            }
            b.append('\n');
        }
        b.append('\n');
        boolean incomplete = false;
        for (String s : sc) {
            incomplete |= c.totalSeconds(s) == null;
        }
        if (incomplete) {
            b.append("A total is `-` when no run of the scenario finished every query the totals cover.\n\n");
        }
    }

    private static String queryCell(BenchComparison c, String s, String q) {
        int runs = c.runs(s);
        int missing = c.missingRuns(s, q);
        Spread t = c.querySeconds(s, q);
        if (t == null) {
            boolean ran = false;
            for (ScenarioRun r : c.scenario(s).runs()) {
                ran |= r.times().containsKey(q);
            }
            return ran ? "failed" : "-";
        }
        String cell = spread(t, 1);
        return missing == 0 ? cell : cell + ", failed in " + missing + " of " + runs;
    }

    private static void targets(StringBuilder b, List<TargetCheck> targets) {
        b.append("## Target (issue 5)\n\n| ratio of totals | measured | target | chapter | result |\n|---|---:|---:|---:|---|\n");
        for (TargetCheck t : targets) {
            b.append("| ").append(t.scenario()).append(" / ").append(t.reference())
                    .append(" | ").append(ratio(t.measured(), 3))
                    .append(" | <= ").append(fixed(t.target(), 2)).append('x')
                    .append(" | ").append(fixed(t.paper(), 3)).append('x')
                    .append(" | **").append(t.verdict()).append("**").append(t.why().isEmpty() ? "" : " (" + t.why() + ")")
                    .append(" |\n");
        }
        b.append('\n');
    }

    private static void answers(StringBuilder b, BenchComparison c) {
        b.append("## Answers\n\n");
        int total = 0;
        int runs = 0;
        for (String s : c.scenarios()) {
            total += c.answers(s);
            runs += c.runs(s);
        }
        if (c.allAnswersEqual()) {
            b.append("Every answer equalled the reference (DuckDB over the same generated data): ").append(total)
                    .append(total == 1 ? " answer in " : " answers in ").append(runs).append(runs == 1 ? " run.\n\n" : " runs.\n\n");
            return;
        }
        b.append("**Not every answer equalled the reference** (").append(total).append(" answers in ").append(runs).append(" runs):\n\n");
        for (String s : c.scenarios()) {
            List<String> wrong = c.wrongAnswers(s);
            b.append("- ").append(s).append(": ").append(wrong.isEmpty() ? "all equal" : String.join(", ", wrong)).append('\n');
        }
        b.append('\n');
    }

    private static void jobs(StringBuilder b, BenchComparison c) {
        b.append("## Where the time went (MapReduce jobs)\n\n");
        b.append("From each run's `jobs.csv`, summed over the jobs (per run, then the median over runs). "
                + "Non-local maps read their split from another host (rack-local + off-switch), the tasks the replica "
                + "and task schedulers try to avoid (4.5.2); map, shuffle and reduce are the phase times the job reports. "
                + "`-` marks a figure the file does not give.\n\n");
        List<String> with = new ArrayList<>();
        List<String> without = new ArrayList<>();
        for (String s : c.scenarios()) {
            (c.hasJobs(s) ? with : without).add(s);
        }
        b.append("| scenario | jobs | maps | data-local | rack-local | off-switch | non-local | map (s) | shuffle (s) | reduce (s) | HDFS read (MB) |\n");
        b.append("|---|").append("---:|".repeat(10)).append('\n');
        for (String s : with) {
            b.append("| ").append(s).append(" |");
            row(b, c, s, null, List.of(
                    j -> 1.0,
                    j -> j.get(JobMetric.MAPS),
                    j -> j.get(JobMetric.DATA_LOCAL_MAPS),
                    j -> j.get(JobMetric.RACK_LOCAL_MAPS),
                    j -> j.get(JobMetric.OFF_SWITCH_MAPS),
                    JobRecord::nonLocalMaps,
                    j -> j.get(JobMetric.MAP_SECONDS),
                    j -> j.get(JobMetric.SHUFFLE_SECONDS),
                    j -> j.get(JobMetric.REDUCE_SECONDS),
                    SummaryMarkdown::megabytes),
                    new int[] {0, 0, 0, 0, 0, 0, 1, 1, 1, 1});
        }
        b.append('\n');
        if (!without.isEmpty()) {
            b.append("No jobs.csv for: ").append(String.join(", ", without)).append(".\n\n");
        }
        b.append("### Per query\n\n| query | scenario | jobs | maps | non-local maps | map (s) | shuffle (s) | reduce (s) | HDFS read (MB) |\n");
        b.append("|---|---|").append("---:|".repeat(7)).append('\n');
        for (String q : c.queriesWithJobs()) {
            for (String s : with) {
                b.append("| ").append(queryLabel(q)).append(" | ").append(s).append(" |");
                row(b, c, s, q, List.of(
                        j -> 1.0,
                        j -> j.get(JobMetric.MAPS),
                        JobRecord::nonLocalMaps,
                        j -> j.get(JobMetric.MAP_SECONDS),
                        j -> j.get(JobMetric.SHUFFLE_SECONDS),
                        j -> j.get(JobMetric.REDUCE_SECONDS),
                        SummaryMarkdown::megabytes),
                        new int[] {0, 0, 0, 1, 1, 1, 1});
            }
        }
        b.append('\n');
    }

    private static void row(StringBuilder b, BenchComparison c, String s, String q, List<Function<JobRecord, Double>> figures,
                            int[] decimals) {
        for (int i = 0; i < figures.size(); i++) {
            Spread v = c.jobSum(s, q, figures.get(i));
            b.append(' ').append(countOrSpread(v, decimals[i])).append(" |");
        }
        b.append('\n');
    }

    /** Counts print without decimals unless a median of two runs falls between whole numbers. */
    private static String countOrSpread(Spread v, int decimals) {
        if (v != null && decimals == 0 && v.median() != Math.rint(v.median())) {
            return spread(v, 1);
        }
        return spread(v, decimals);
    }

    private static Double megabytes(JobRecord j) {
        Double bytes = j.get(JobMetric.HDFS_BYTES_READ);
        return bytes == null ? null : bytes / 1e6;
    }
}
