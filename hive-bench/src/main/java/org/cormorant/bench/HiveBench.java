package org.cormorant.bench;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.cormorant.bench.hive.HiveQueryException;
import org.cormorant.bench.hive.HiveRunner;
import org.cormorant.bench.hive.JobFigures;
import org.cormorant.bench.hive.JobHistoryReader;
import org.cormorant.bench.hive.JobsCsv;
import org.cormorant.bench.hive.JvmOptions;
import org.cormorant.bench.hive.QueryRun;
import org.cormorant.bench.reference.DuckDbReference;
import org.cormorant.bench.report.ReportCommand;
import org.cormorant.bench.result.ResultComparator;
import org.cormorant.bench.result.ResultTable;
import org.cormorant.bench.tpch.TpchGenerator;
import org.cormorant.bench.tpch.TpchLoader;
import org.cormorant.bench.tpch.TpchQueries;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * hive-bench's command line: TPC-H data, loading it into a Hadoop file system, running the queries through
 * Hive (MapReduce), checking the answers against the DuckDB reference, and reporting a benchmark output
 * directory (the scenarios of the Cormorant evaluation's Table 4.3) as tables and plots.
 */
@Command(name = "hive-bench", mixinStandardHelpOptions = true, version = "hive-bench 0.1.0",
        description = "TPC-H on Hive (MapReduce) for the Cormorant evaluation.",
        subcommands = {HiveBench.Generate.class, HiveBench.Load.class, HiveBench.Run.class, HiveBench.Verify.class,
                ReportCommand.class})
public final class HiveBench implements Callable<Integer> {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        return new CommandLine(new HiveBench());
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return 0;
    }

    /** "64m", "128M", "1g", "1048576" to bytes. */
    static long parseBytes(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        char last = t.charAt(t.length() - 1);
        if (last == 'k' || last == 'm' || last == 'g') {
            mult = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        return Long.parseLong(t) * mult;
    }

    /** Core, HDFS, MapReduce, YARN and Hive site files of a configuration directory; none: local mode. */
    static Configuration hadoopConf(Path confDir) {
        if (confDir == null) {
            Configuration c = new Configuration(false);
            c.set("fs.defaultFS", "file:///");
            c.set("mapreduce.framework.name", "local");
            return c;
        }
        Configuration c = new Configuration();
        for (String f : List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml", "hive-site.xml")) {
            Path p = confDir.resolve(f);
            if (Files.isRegularFile(p)) {
                c.addResource(new org.apache.hadoop.fs.Path(p.toUri()));
            }
        }
        return c;
    }

    @Command(name = "generate", description = "Write the 8 TPC-H tables as '|'-delimited text, one directory per table.")
    static final class Generate implements Callable<Integer> {
        @Option(names = "--sf", required = true, description = "scale factor, e.g. 0.01 or 1")
        double scaleFactor;
        @Option(names = "--out", required = true, description = "output directory")
        Path out;
        @Option(names = "--parts", defaultValue = "1", description = "files per large table (default ${DEFAULT-VALUE})")
        int parts;

        @Override
        public Integer call() throws Exception {
            TpchGenerator.Summary s = TpchGenerator.generate(scaleFactor, parts, out);
            for (Map.Entry<String, Long> e : s.rows().entrySet()) {
                System.out.printf(Locale.ROOT, "%-9s %10d rows %14d bytes%n", e.getKey(), e.getValue(), s.bytes().get(e.getKey()));
            }
            System.out.printf(Locale.ROOT, "SF %s: %d bytes in %d ms -> %s%n", TpchGenerator.formatScaleFactor(scaleFactor),
                    s.totalBytes(), s.elapsedMillis(), out.toAbsolutePath());
            return 0;
        }
    }

    @Command(name = "load", description = "Copy generated tables into a Hadoop file system with a replica count and block size.")
    static final class Load implements Callable<Integer> {
        @Option(names = "--data", required = true, description = "directory written by `generate`")
        Path data;
        @Option(names = "--fs", required = true, description = "file system URI, e.g. hdfs://10.0.0.1:9000 or file:///")
        URI fs;
        @Option(names = "--target", required = true, description = "directory on that file system, e.g. /tpch/sf1")
        String target;
        @Option(names = "--replication", defaultValue = "3", description = "replicas per block (default ${DEFAULT-VALUE})")
        short replication;
        @Option(names = "--block-size", defaultValue = "64m", description = "HDFS block size (default ${DEFAULT-VALUE})")
        String blockSize;
        @Option(names = "--conf-dir", description = "Hadoop configuration directory (optional)")
        Path confDir;

        @Override
        public Integer call() throws Exception {
            Configuration conf = confDir == null ? new Configuration() : hadoopConf(confDir);
            try (FileSystem fileSystem = FileSystem.newInstance(fs, conf)) {
                TpchLoader.Summary s = TpchLoader.load(data, fileSystem, new org.apache.hadoop.fs.Path(target), replication,
                        parseBytes(blockSize), TpchLoader.DEFAULT_BUFFER_SIZE);
                System.out.printf(Locale.ROOT, "%d files, %d bytes -> %s (replication %d, block size %d) in %d ms%n",
                        s.files().size(), s.totalBytes(), s.target(), replication, parseBytes(blockSize), s.elapsedMillis());
            }
            return 0;
        }
    }

    @Command(name = "run", description = "Run TPC-H queries through Hive (MapReduce), write their rows and times, optionally check them.")
    static final class Run implements Callable<Integer> {
        @Option(names = "--queries", defaultValue = "all", description = "e.g. all, 1,6 or 1-5 (default ${DEFAULT-VALUE})")
        String queries;
        @Option(names = "--conf-dir", description = "Hadoop configuration directory (cluster: core/hdfs/mapred/yarn-site.xml); none: local mode")
        Path confDir;
        @Option(names = "--data-uri", required = true, description = "where the tables are, e.g. hdfs://10.0.0.1:9000/tpch/sf1 or file:///path")
        String dataUri;
        @Option(names = "--run-dir", defaultValue = "run/hive-bench/run", description = "metastore, scratch and logs (default ${DEFAULT-VALUE})")
        Path runDir;
        @Option(names = "--results", description = "directory for qN.tsv and times.csv (default: <run-dir>/results)")
        Path results;
        @Option(names = "--reference-data", description = "generated directory to compute the reference from; every result is checked")
        Path referenceData;
        @Option(names = "--database", defaultValue = "tpch")
        String database;

        @Override
        public Integer call() throws Exception {
            if (!JvmOptions.presentInThisJvm()) {
                System.err.println("warning: this JVM lacks the --add-opens flags Hive needs on Java 17 (use bin/hive-bench)");
            }
            Path out = results != null ? results : runDir.resolve("results");
            Files.createDirectories(out);
            List<Integer> list = TpchQueries.parseList(queries);
            int bad = 0;
            DuckDbReference reference = referenceData == null ? null : DuckDbReference.open(referenceData);
            try (HiveRunner hive = new HiveRunner(hadoopConf(confDir), runDir);
                 PrintWriter csv = new PrintWriter(Files.newBufferedWriter(out.resolve("times.csv"), StandardCharsets.UTF_8));
                 PrintWriter jobsCsv = new PrintWriter(Files.newBufferedWriter(out.resolve("jobs.csv"), StandardCharsets.UTF_8))) {
                csv.println("query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids");
                jobsCsv.println(JobsCsv.HEADER);
                // Phase times come from each job's .jhist on the run's default FS; read after the query's
                // clock stopped, so the (brief) wait for the history copy is not in elapsed_ms.
                JobHistoryReader history = new JobHistoryReader(hive.conf(), 10_000);
                hive.createTpchTables(dataUri, database);
                for (int q : list) {
                    String verdict = "unchecked";
                    QueryRun run;
                    try {
                        run = hive.run("q" + q, TpchQueries.hive(q));
                    } catch (HiveQueryException e) {
                        bad++;
                        System.out.printf(Locale.ROOT, "Q%-2d FAILED in Hive: %s%n", q, e.getMessage());
                        csv.printf(Locale.ROOT, "%d,,,,,failed,%n", q);
                        continue;
                    }
                    run.result().write(out.resolve("q" + q + ".tsv"));
                    if (reference != null) {
                        ResultComparator.Comparison cmp = new ResultComparator().compare(reference.run(q), run.result(), TpchQueries.ordered(q));
                        verdict = cmp.equal() ? "equal" : "DIFFERENT";
                        if (!cmp.equal()) {
                            bad++;
                            System.out.println("  " + cmp.summary());
                        }
                    }
                    List<String> ids = new ArrayList<>();
                    for (JobFigures j : run.jobs()) {
                        ids.add(j.jobId());
                    }
                    System.out.printf(Locale.ROOT, "Q%-2d %8d ms %2d jobs %6d rows  %s%n", q, run.elapsedMillis(), run.jobs().size(),
                            run.result().rowCount(), verdict);
                    csv.printf(Locale.ROOT, "%d,%d,%d,%d,%d,%s,%s%n", q, run.elapsedMillis(), run.jobs().size(), run.jobMillis(),
                            run.result().rowCount(), verdict, String.join(" ", ids));
                    csv.flush();
                    for (JobFigures j : run.jobs()) {
                        jobsCsv.println(JobsCsv.row(q, j, history.phases(j.jobId())));
                    }
                    jobsCsv.flush();
                }
            } finally {
                if (reference != null) {
                    reference.close();
                }
            }
            System.out.println("results: " + out.toAbsolutePath());
            return bad == 0 ? 0 : 1;
        }
    }

    @Command(name = "verify", description = "Compare a result file (qN.tsv from `run`) with the reference answer.")
    static final class Verify implements Callable<Integer> {
        @Option(names = "--query", required = true, description = "TPC-H query number, 1..22")
        int query;
        @Option(names = "--result", required = true, description = "result file written by `run`")
        Path result;
        @Option(names = "--data", description = "generated directory to compute the reference from")
        Path data;
        @Option(names = "--reference", description = "a reference result file instead of --data")
        Path referenceFile;

        @Override
        public Integer call() throws Exception {
            if ((data == null) == (referenceFile == null)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "give exactly one of --data and --reference");
            }
            ResultTable expected;
            if (referenceFile != null) {
                expected = ResultTable.read(referenceFile);
            } else {
                try (DuckDbReference ref = DuckDbReference.open(data)) {
                    expected = ref.run(query);
                }
            }
            ResultComparator.Comparison cmp = new ResultComparator().compare(expected, ResultTable.read(result), TpchQueries.ordered(query));
            System.out.println("Q" + query + ": " + cmp.summary());
            return cmp.equal() ? 0 : 1;
        }
    }
}
