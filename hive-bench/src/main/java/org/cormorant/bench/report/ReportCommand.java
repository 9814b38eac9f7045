package org.cormorant.bench.report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code hive-bench report}: a benchmark output directory ({@code <scenario>/times.csv}, optionally
 * {@code run-N/} repeats and {@code jobs.csv}) to {@code results.csv}, {@code summary.md} and PNG plots.
 * Prints the summary. Exit code 0: written, every answer equalled the reference; 1: written, but some
 * answer did not (or a query failed); 2: bad input (the message names the file and line).
 */
@Command(name = "report", description = "Turn a benchmark output directory into results.csv, summary.md and PNG plots.")
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--in", required = true, description = "benchmark output directory: <scenario>/times.csv or <scenario>/run-N/times.csv")
    Path in;
    @Option(names = "--out", required = true, description = "where to write results.csv, summary.md and the PNGs, e.g. docs/results/<name>")
    Path out;
    @Option(names = "--baseline", defaultValue = "default", description = "scenario totals are relative to (default ${DEFAULT-VALUE})")
    String baseline;
    @Option(names = "--title", defaultValue = "TPC-H on Hive, Cormorant scenarios", description = "heading of the summary and the plots")
    String title;
    @Option(names = "--scenarios", split = ",", description = "only these scenarios, e.g. default,collaborative (default: every directory with a times.csv)")
    List<String> scenarios = new ArrayList<>();
    @Option(names = "--note", description = "a line under the title (setup, date, the benchmark command); repeatable")
    List<String> notes = new ArrayList<>();
    @Option(names = "--target-vs-baseline", defaultValue = "0.70", description = "collaborative total / baseline total target (default ${DEFAULT-VALUE})")
    double targetVsBaseline;
    @Option(names = "--target-vs-no-traffic", defaultValue = "1.15", description = "collaborative total / no-traffic total target (default ${DEFAULT-VALUE})")
    double targetVsNoTraffic;
    @Option(names = "--quiet", description = "do not print the summary")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        PrintWriter outW = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = "hive-bench report --in " + in + " --out " + out
                + ("default".equals(baseline) ? "" : " --baseline " + baseline)
                + (scenarios.isEmpty() ? "" : " --scenarios " + String.join(",", scenarios));
        BenchReport.Written w;
        try {
            w = BenchReport.write(new BenchReport.Options(in, out, baseline, title, scenarios, notes,
                    targetVsBaseline, targetVsNoTraffic, command));
        } catch (ReportInputException e) {
            err.println("hive-bench report: " + e.getMessage());
            err.flush();
            return 2;
        }
        if (!quiet) {
            outW.print(w.summary());
        }
        for (Path p : w.files()) {
            outW.println("wrote " + p);
        }
        outW.flush();
        return w.allAnswersEqual() ? 0 : 1;
    }
}
