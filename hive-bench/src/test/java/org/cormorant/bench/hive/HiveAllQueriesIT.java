package org.cormorant.bench.hive;

import org.apache.hadoop.conf.Configuration;
import org.cormorant.bench.TestDirs;
import org.cormorant.bench.reference.DuckDbReference;
import org.cormorant.bench.result.ResultComparator;
import org.cormorant.bench.result.ResultTable;
import org.cormorant.bench.tpch.TpchGenerator;
import org.cormorant.bench.tpch.TpchQueries;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * All 22 TPC-H queries through Hive 4.1.0 (MapReduce, local mode, local file system) at a tiny scale
 * factor ({@code -Dhivebench.it.sf}, default 0.01), each compared with the DuckDB reference over the same
 * files. Every query runs even when an earlier one fails; the test fails at the end naming all that did
 * not equal the reference. Times and verdicts go to {@code target/test-runs/hive-all/report.md}.
 */
class HiveAllQueriesIT {

    @Test
    void all22QueriesEqualTheReference() throws Exception {
        double sf = Double.parseDouble(System.getProperty("hivebench.it.sf", "0.01"));
        Path dir = TestDirs.fresh("hive-all");
        Path data = dir.resolve("data");
        TpchGenerator.Summary gen = TpchGenerator.generate(sf, data);

        List<String> lines = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        long start = System.nanoTime();
        long hiveMillis = 0;
        Configuration c = new Configuration(false);
        c.set("fs.defaultFS", "file:///");
        c.set("mapreduce.framework.name", "local");
        try (DuckDbReference reference = DuckDbReference.open(data);
             HiveRunner hive = new HiveRunner(c, dir.resolve("hive"))) {
            hive.createTpchTables(data.toUri().toString(), "tpch");
            lines.add("| query | rows | Hive ms | MR jobs | verdict |");
            lines.add("|---|---|---|---|---|");
            for (int q = 1; q <= TpchQueries.COUNT; q++) {
                ResultTable expected = reference.run(q);
                String verdict;
                String rows = "-";
                String ms = "-";
                String jobs = "-";
                try {
                    QueryRun run = hive.run("q" + q, TpchQueries.hive(q));
                    hiveMillis += run.elapsedMillis();
                    run.result().write(dir.resolve("results").resolve("q" + q + ".tsv"));
                    ResultComparator.Comparison cmp = new ResultComparator().compare(expected, run.result(), TpchQueries.ordered(q));
                    verdict = cmp.summary();
                    rows = Integer.toString(run.result().rowCount());
                    ms = Long.toString(run.elapsedMillis());
                    jobs = Integer.toString(run.jobs().size());
                    if (!cmp.equal()) {
                        failed.add("Q" + q + " " + verdict);
                    }
                } catch (HiveQueryException e) {
                    verdict = "HIVE FAILED: " + e.getMessage().lines().findFirst().orElse("");
                    failed.add("Q" + q + " " + verdict);
                }
                String line = String.format(Locale.ROOT, "| Q%d | %s | %s | %s | %s |", q, rows, ms, jobs,
                        verdict.replace('|', '/'));
                System.out.println(line);
                lines.add(line);
            }
        }
        long total = (System.nanoTime() - start) / 1_000_000;
        lines.add("");
        lines.add(String.format(Locale.ROOT, "SF %s, generation %d ms, Hive time (22 queries) %d ms, whole test %d ms",
                TpchGenerator.formatScaleFactor(sf), gen.elapsedMillis(), hiveMillis, total));
        System.out.println(lines.get(lines.size() - 1));
        Files.write(dir.resolve("report.md"), lines, StandardCharsets.UTF_8);
        assertTrue(failed.isEmpty(), failed.size() + " of 22 queries did not equal the reference:\n" + String.join("\n", failed));
    }
}
