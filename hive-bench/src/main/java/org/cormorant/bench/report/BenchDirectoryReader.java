package org.cormorant.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads a benchmark output directory: {@code IN/<scenario>/times.csv} for a single run, or
 * {@code IN/<scenario>/run-N/times.csv} for repeats, each with an optional {@code jobs.csv} beside it.
 * A directory without either is not a scenario and is skipped.
 */
public final class BenchDirectoryReader {

    public static final String TIMES = "times.csv";
    public static final String JOBS = "jobs.csv";
    private static final Pattern RUN_DIR = Pattern.compile("run-(\\d+)");

    private BenchDirectoryReader() {
    }

    /**
     * @param only the scenarios to read, each of which must be present; empty: every scenario found
     * @return the scenarios in {@link ScenarioOrder}
     */
    public static List<ScenarioResults> read(Path in, List<String> only) {
        if (!Files.isDirectory(in)) {
            throw new ReportInputException(in + ": not a directory (expected a benchmark output directory with <scenario>/times.csv)");
        }
        List<String> names = new ArrayList<>();
        if (only.isEmpty()) {
            try (Stream<Path> s = Files.list(in)) {
                s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).forEach(names::add);
            } catch (IOException e) {
                throw new ReportInputException(in + ": cannot list (" + e.getMessage() + ")");
            }
        } else {
            names.addAll(only);
        }
        names.sort(ScenarioOrder.COMPARATOR);
        List<ScenarioResults> out = new ArrayList<>();
        for (String name : names) {
            List<ScenarioRun> runs = readRuns(in.resolve(name));
            if (runs.isEmpty()) {
                if (!only.isEmpty()) {
                    throw new ReportInputException(in.resolve(name) + ": no " + TIMES + " (nor run-N/" + TIMES + ") for scenario '" + name + "'");
                }
                continue;
            }
            out.add(new ScenarioResults(name, runs));
        }
        if (out.isEmpty()) {
            throw new ReportInputException(in + ": no scenario results (expected <scenario>/" + TIMES + " or <scenario>/run-N/" + TIMES + ")");
        }
        return out;
    }

    /** The repeats when there are any (a top-level times.csv beside them is then a copy and ignored), else the single run. */
    static List<ScenarioRun> readRuns(Path scenarioDir) {
        List<ScenarioRun> runs = new ArrayList<>();
        if (!Files.isDirectory(scenarioDir)) {
            return runs;
        }
        List<Path> repeatDirs = new ArrayList<>();
        try (Stream<Path> s = Files.list(scenarioDir)) {
            s.filter(p -> Files.isDirectory(p) && RUN_DIR.matcher(p.getFileName().toString()).matches()
                    && Files.isRegularFile(p.resolve(TIMES))).forEach(repeatDirs::add);
        } catch (IOException e) {
            throw new ReportInputException(scenarioDir + ": cannot list (" + e.getMessage() + ")");
        }
        repeatDirs.sort(Comparator.comparingLong(BenchDirectoryReader::runNumber));
        for (Path d : repeatDirs) {
            runs.add(readRun(d.getFileName().toString(), d));
        }
        if (runs.isEmpty() && Files.isRegularFile(scenarioDir.resolve(TIMES))) {
            runs.add(readRun("", scenarioDir));
        }
        return runs;
    }

    private static long runNumber(Path p) {
        Matcher m = RUN_DIR.matcher(p.getFileName().toString());
        return m.matches() ? Long.parseLong(m.group(1)) : Long.MAX_VALUE;
    }

    static ScenarioRun readRun(String label, Path dir) {
        Map<String, QueryTime> times = readTimes(dir.resolve(TIMES));
        Path jobs = dir.resolve(JOBS);
        return new ScenarioRun(label, dir, times, Files.isRegularFile(jobs) ? readJobs(jobs) : null);
    }

    /** hive-bench run's file: query, elapsed_ms, jobs, job_ms, rows, verdict, job_ids (a failed query has a blank time). */
    static Map<String, QueryTime> readTimes(Path file) {
        CsvFile csv = CsvFile.read(file).requireColumns("query", "elapsed_ms", "verdict");
        Map<String, QueryTime> out = new LinkedHashMap<>();
        for (CsvFile.Row r : csv.rows()) {
            String q = query(r);
            Long ms = r.wholeNumber("elapsed_ms");
            String verdict = r.text("verdict");
            if (ms != null && ms < 0) {
                throw new ReportInputException(r.where() + ": elapsed_ms is negative (" + ms + ")");
            }
            if (ms == null && verdict != null && !"failed".equals(verdict)) {
                throw new ReportInputException(r.where() + ": Q" + q + " has no elapsed_ms but its verdict is '" + verdict + "', not 'failed'");
            }
            Long jobs = r.wholeNumber("jobs");
            QueryTime t = new QueryTime(q, ms == null ? -1 : ms, verdict == null ? "failed" : verdict, jobs == null ? -1 : jobs.intValue());
            if (out.put(q, t) != null) {
                throw new ReportInputException(r.where() + ": Q" + q + " appears twice");
            }
        }
        return out;
    }

    /** One line per MapReduce job; only {@code query} is required, every other known column is optional. */
    static List<JobRecord> readJobs(Path file) {
        CsvFile csv = CsvFile.read(file).requireColumns("query");
        List<JobRecord> out = new ArrayList<>();
        for (CsvFile.Row r : csv.rows()) {
            Map<JobMetric, Double> figures = new EnumMap<>(JobMetric.class);
            for (JobMetric m : JobMetric.values()) {
                Double v = r.number(m.column());
                if (v != null) {
                    if (v < 0) {
                        throw new ReportInputException(r.where() + ": column '" + m.column() + "' is negative (" + v + ")");
                    }
                    figures.put(m, v);
                }
            }
            String id = r.text("job_id");
            out.add(new JobRecord(query(r), id == null ? "" : id, figures));
        }
        return out;
    }

    /** Query labels as hive-bench writes them ({@code 6}); {@code q6} and {@code Q6} are the same query. */
    private static String query(CsvFile.Row r) {
        String q = r.text("query");
        if (q == null) {
            throw new ReportInputException(r.where() + ": the query column is blank");
        }
        return q.startsWith("q") || q.startsWith("Q") ? q.substring(1) : q;
    }
}
