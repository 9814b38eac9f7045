package org.cormorant.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a benchmark output directory into docs-ready results: {@code results.csv}, {@code summary.md} and
 * the plots ({@code queries.png}, {@code total.png}, {@code phases.png} when jobs.csv gives phase times).
 */
public final class BenchReport {

    public static final String RESULTS_CSV = "results.csv";
    public static final String SUMMARY_MD = "summary.md";
    public static final String QUERIES_PNG = "queries.png";
    public static final String TOTAL_PNG = "total.png";
    public static final String PHASES_PNG = "phases.png";

    /**
     * @param scenarios only these (each must be present); empty: every scenario directory found
     * @param notes     lines put under the title (setup, date, the benchmark command)
     * @param command   how the report was made, shown at the end of the summary; null: not shown
     */
    public record Options(Path in, Path out, String baseline, String title, List<String> scenarios, List<String> notes,
                          double targetVsBaseline, double targetVsNoTraffic, String command) {
    }

    /** What was written: the summary's text, the files, and whether every answer equalled the reference. */
    public record Written(String summary, List<Path> files, boolean allAnswersEqual) {
    }

    private BenchReport() {
    }

    public static Written write(Options o) throws IOException {
        // Java2D without a display: the report runs on servers and inside Mininet hosts.
        System.setProperty("java.awt.headless", "true");
        BenchComparison c = new BenchComparison(BenchDirectoryReader.read(o.in(), o.scenarios()));
        Files.createDirectories(o.out());
        List<Path> files = new ArrayList<>();

        Path csv = o.out().resolve(RESULTS_CSV);
        Files.writeString(csv, ResultsCsv.render(c), StandardCharsets.UTF_8);
        files.add(csv);

        List<SummaryMarkdown.Plot> plots = new ArrayList<>();
        ReportCharts.queries(c, o.title()).writePng(o.out().resolve(QUERIES_PNG), ReportCharts.QUERIES_WIDTH, ReportCharts.QUERIES_HEIGHT);
        plots.add(new SummaryMarkdown.Plot(QUERIES_PNG, "Time per query and scenario"));
        ReportCharts.total(c, o.title(), o.baseline(), o.targetVsBaseline(), o.targetVsNoTraffic())
                .writePng(o.out().resolve(TOTAL_PNG), ReportCharts.TOTAL_WIDTH, ReportCharts.TOTAL_HEIGHT);
        plots.add(new SummaryMarkdown.Plot(TOTAL_PNG, "Total time per scenario relative to " + o.baseline()));
        if (ReportCharts.hasPhases(c)) {
            ReportCharts.phases(c, o.title()).writePng(o.out().resolve(PHASES_PNG), ReportCharts.PHASES_WIDTH, ReportCharts.PHASES_HEIGHT);
            plots.add(new SummaryMarkdown.Plot(PHASES_PNG, "MapReduce phases summed over all jobs"));
        } else {
            // A stale plot from an earlier report with jobs.csv would contradict this summary.
            Files.deleteIfExists(o.out().resolve(PHASES_PNG));
        }
        for (SummaryMarkdown.Plot p : plots) {
            files.add(o.out().resolve(p.file()));
        }

        List<TargetCheck> targets = TargetCheck.evaluate(c, o.baseline(), o.targetVsBaseline(), o.targetVsNoTraffic());
        String summary = SummaryMarkdown.render(c, o.title(), o.notes(), o.baseline(), targets, plots, o.command());
        Path md = o.out().resolve(SUMMARY_MD);
        Files.writeString(md, summary, StandardCharsets.UTF_8);
        files.add(1, md);
        return new Written(summary, files, c.allAnswersEqual());
    }
}
