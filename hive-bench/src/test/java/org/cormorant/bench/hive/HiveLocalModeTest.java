package org.cormorant.bench.hive;

import org.apache.hadoop.conf.Configuration;
import org.cormorant.bench.TestDirs;
import org.cormorant.bench.reference.DuckDbReference;
import org.cormorant.bench.result.ResultComparator;
import org.cormorant.bench.result.ResultTable;
import org.cormorant.bench.tpch.TpchGenerator;
import org.cormorant.bench.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hive 4.1.0 in this JVM, MapReduce in local mode on the local file system: Q6 and Q1 at SF 0.01 equal
 * the DuckDB reference computed from the same files.
 */
class HiveLocalModeTest {

    static final double SF = 0.01;
    static Path data;
    static HiveRunner hive;
    static DuckDbReference reference;

    @BeforeAll
    static void setUp() throws Exception {
        Path dir = TestDirs.fresh("hive-local");
        data = dir.resolve("data");
        TpchGenerator.generate(SF, data);
        reference = DuckDbReference.open(data);
        hive = new HiveRunner(localConf(), dir.resolve("hive"));
        hive.createTpchTables(data.toUri().toString(), "tpch");
    }

    static Configuration localConf() {
        Configuration c = new Configuration(false);
        c.set("fs.defaultFS", "file:///");
        c.set("mapreduce.framework.name", "local");
        return c;
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (hive != null) {
            hive.close();
        }
        if (reference != null) {
            reference.close();
        }
    }

    private QueryRun runAndCompare(int q) throws Exception {
        QueryRun run = hive.run("q" + q, TpchQueries.hive(q));
        ResultTable expected = reference.run(q);
        ResultComparator.Comparison cmp = new ResultComparator().compare(expected, run.result(), TpchQueries.ordered(q));
        System.out.printf("Q%d: %d rows in %d ms, %d MR jobs: %s%n", q, run.result().rowCount(), run.elapsedMillis(),
                run.jobs().size(), cmp.summary());
        assertTrue(cmp.equal(), cmp.summary());
        return run;
    }

    @Test
    void q6EqualsReference() throws Exception {
        QueryRun run = runAndCompare(6);
        assertEquals(1, run.result().rowCount());
        assertEquals(0, new java.math.BigDecimal("1193053.2253").compareTo(new java.math.BigDecimal(run.result().rows().get(0).get(0))));
        assertFalse(run.jobs().isEmpty(), "Q6 ran at least one MapReduce job");
        JobFigures job = run.jobs().get(0);
        assertTrue(job.jobId().startsWith("job_"), job.jobId());
        assertTrue(job.success());
        assertTrue(job.counter("org.apache.hadoop.mapreduce.TaskCounter", "MAP_INPUT_RECORDS") > 0, job.counters().toString());
    }

    @Test
    void q1EqualsReference() throws Exception {
        QueryRun run = runAndCompare(1);
        assertEquals(4, run.result().rowCount());
    }
}
