package org.cormorant.bench.report;

import org.cormorant.bench.TestDirs;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report on a small benchmark directory (src/test/resources/report/bench): default and no-traffic run
 * once, collaborative three times (run-N, with a stale top-level times.csv to ignore), jobs.csv for default
 * (an extra column) and collaborative (columns reordered, no hdfs_bytes_read, a quoted field), none for
 * no-traffic, and a directory that is no scenario.
 */
class BenchReportTest {

    static Path fixture() throws Exception {
        return Path.of(BenchReportTest.class.getResource("/report/bench").toURI());
    }

    @Test
    void numbersFromTheRuns() throws Exception {
        BenchComparison c = new BenchComparison(BenchDirectoryReader.read(fixture(), List.of()));
        assertEquals(List.of("default", "collaborative", "no-traffic"), c.scenarios());
        assertEquals(List.of("3", "6"), c.queries());
        assertEquals(3, c.runs("collaborative"));

        assertEquals(new Spread(14.0, 12.0, 15.0, 3), c.querySeconds("collaborative", "3"));
        assertEquals(new Spread(7.0, 6.5, 8.0, 3), c.querySeconds("collaborative", "6"));
        assertEquals(new Spread(34.0, 34.0, 34.0, 1), c.totalSeconds("default"));
        // Per-run totals 21, 21.5, 20: the median run, not the sum of per-query medians.
        assertEquals(new Spread(21.0, 20.0, 21.5, 3), c.totalSeconds("collaborative"));
        assertEquals(21.0 / 34.0, c.ratio("collaborative", "default"), 1e-12);
        assertEquals(21.0 / 18.0, c.ratio("collaborative", "no-traffic"), 1e-12);
        assertTrue(c.allAnswersEqual());

        assertEquals(new Spread(6.0, 6.0, 6.0, 1), c.jobSum("default", null, JobRecord::nonLocalMaps));
        assertEquals(new Spread(13.5, 13.5, 13.5, 1), c.jobSum("default", "3", JobMetric.MAP_SECONDS));
        assertEquals(new Spread(11.0, 10.0, 12.0, 3), c.jobSum("collaborative", null, JobMetric.MAP_SECONDS));
        assertNull(c.jobSum("collaborative", null, JobMetric.HDFS_BYTES_READ), "column absent: unknown, not 0");
        assertNull(c.jobSum("no-traffic", null, JobMetric.MAPS), "no jobs.csv");

        List<TargetCheck> t = TargetCheck.evaluate(c, "default", 0.70, 1.15);
        assertEquals("PASS", t.get(0).verdict());
        assertEquals("FAIL", t.get(1).verdict(), "21/18 = 1.167 > 1.15");
        assertEquals(0.775, t.get(0).paper(), 0.0005);
        assertEquals(1.229, t.get(1).paper(), 0.0005);
    }

    @Test
    void commandWritesCsvMarkdownAndPlots() throws Exception {
        Path out = TestDirs.fresh("report-ok");
        StringWriter stdout = new StringWriter();
        CommandLine cl = org.cormorant.bench.HiveBenchAccess.commandLine();
        cl.setOut(new PrintWriter(stdout));
        int code = cl.execute("report", "--in", fixture().toString(), "--out", out.toString(), "--title", "Test bench",
                "--note", "TPC-H SF 0.01, medium traffic.");
        assertEquals(0, code, stdout.toString());

        assertEquals(String.join("\n",
                "query,default,default_min,default_max,collaborative,collaborative_min,collaborative_max,no-traffic,no-traffic_min,no-traffic_max",
                "3,24,24,24,14,12,15,12,12,12",
                "6,10,10,10,7,6.5,8,6,6,6",
                "total,34,34,34,21,20,21.5,18,18,18", ""),
                Files.readString(out.resolve("results.csv")));

        String md = Files.readString(out.resolve("summary.md"), StandardCharsets.UTF_8);
        assertTrue(stdout.toString().startsWith(md), "the summary is printed");
        assertTrue(md.startsWith("# Test bench\n\nTPC-H SF 0.01, medium traffic.\n"), md);
        assertContainsLines(md,
                "| query | default | collaborative | no-traffic |",
                "|---|---:|---:|---:|",
                "| Q3 | 24.0 | 14.0 (12.0-15.0) | 12.0 |",
                "| Q6 | 10.0 | 7.0 (6.5-8.0) | 6.0 |",
                "| **total** | **34.0** | **21.0 (20.0-21.5)** | **18.0** |",
                "| vs default | 1.00x | 0.62x | 0.53x |",
                "| vs no-traffic | 1.89x | 1.17x | 1.00x |",
                "| collaborative / default | 0.618x | <= 0.70x | 0.775x | **PASS** |",
                "| collaborative / no-traffic | 1.167x | <= 1.15x | 1.229x | **FAIL** |",
                "Every answer equalled the reference (DuckDB over the same generated data): 10 answers in 5 runs.",
                "| default | 5 | 22 | 16 | 5 | 1 | 6 | 19.5 | 6.5 | 4.5 | 20.6 |",
                "| collaborative | 3 | 19 | 19 (18-19) | 0 (0-1) | 0 | 0 (0-1) | 11.0 (10.0-12.0) | 3.5 | 2.5 | - |",
                "No jobs.csv for: no-traffic.",
                "| Q3 | default | 4 | 17 | 5 | 13.5 | 6.0 | 4.0 | 12.6 |",
                "| Q3 | collaborative | 2 | 14 | 0 | 7.0 | 3.0 | 2.0 | - |",
                "| Q6 | collaborative | 1 | 5 | 0 (0-1) | 4.0 (3.0-5.0) | 0.5 | 0.5 | - |",
                "![Time per query and scenario](queries.png)",
                "![MapReduce phases summed over all jobs](phases.png)");
        assertFalse(md.contains("99.9"), "the stale top-level times.csv beside run-N is ignored");

        BufferedImage queries = png(out.resolve("queries.png"), ReportCharts.QUERIES_WIDTH, ReportCharts.QUERIES_HEIGHT);
        BufferedImage total = png(out.resolve("total.png"), ReportCharts.TOTAL_WIDTH, ReportCharts.TOTAL_HEIGHT);
        BufferedImage phases = png(out.resolve("phases.png"), ReportCharts.PHASES_WIDTH, ReportCharts.PHASES_HEIGHT);
        List<String> sc = List.of("default", "collaborative", "no-traffic");
        for (String s : sc) {
            assertTrue(contains(queries, ReportCharts.colour(s, sc)), "a bar of " + s + " in queries.png");
            assertTrue(contains(total, ReportCharts.colour(s, sc)), "a bar of " + s + " in total.png");
        }
        assertTrue(contains(phases, ReportCharts.colour("collaborative", sc)));
        assertFalse(contains(phases, ReportCharts.colour("no-traffic", sc)), "no-traffic has no jobs.csv");
    }

    @Test
    void failuresAndMissingScenariosAreReportedHonestly() throws Exception {
        Path in = TestDirs.fresh("report-bad-in");
        write(in.resolve("default/times.csv"), "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n"
                + "3,20000,4,1,10,equal,a\n6,,,,,failed,\n");
        write(in.resolve("task-replica/times.csv"), "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n"
                + "3,18000,4,1,10,DIFFERENT,a\n6,9000,1,1,1,equal,b\n");
        Path out = TestDirs.fresh("report-bad-out");
        StringWriter stdout = new StringWriter();
        CommandLine cl = org.cormorant.bench.HiveBenchAccess.commandLine();
        cl.setOut(new PrintWriter(stdout));
        assertEquals(1, cl.execute("report", "--in", in.toString(), "--out", out.toString()), "an answer differed");

        String md = Files.readString(out.resolve("summary.md"));
        assertContainsLines(md,
                "| Q3 | 20.0 | 18.0 |",
                "| Q6 | failed | 9.0 |",
                "| **total** | - | **27.0** |",
                "| vs default | - | - |",
                "| collaborative / default | - | <= 0.70x | 0.775x | **NOT MEASURED** (no collaborative run) |",
                "- default: Q6: failed",
                "- task-replica: Q3: DIFFERENT");
        assertTrue(md.contains("**Not every answer equalled the reference**"));
        assertFalse(md.contains("Where the time went"), "no jobs.csv anywhere");
        assertFalse(Files.exists(out.resolve("phases.png")));
        png(out.resolve("total.png"), ReportCharts.TOTAL_WIDTH, ReportCharts.TOTAL_HEIGHT);
        assertEquals("query,default,default_min,default_max,task-replica,task-replica_min,task-replica_max\n"
                + "3,20,20,20,18,18,18\n6,,,,9,9,9\ntotal,,,,27,27,27\n", Files.readString(out.resolve("results.csv")));

        // A collaborative run that met the targets with a wrong answer does not pass.
        write(in.resolve("collaborative/times.csv"), "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n"
                + "3,1000,4,1,10,DIFFERENT,a\n6,1000,1,1,1,equal,b\n");
        write(in.resolve("default/times.csv"), "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n"
                + "3,20000,4,1,10,equal,a\n6,10000,1,1,1,equal,b\n");
        BenchComparison c = new BenchComparison(BenchDirectoryReader.read(in, List.of("default", "collaborative")));
        TargetCheck t = TargetCheck.evaluate(c, "default", 0.70, 1.15).get(0);
        assertEquals("INVALID", t.verdict());
        assertEquals(2.0 / 30.0, t.measured(), 1e-12);
    }

    @Test
    void badInputNamesTheFileAndLine() throws Exception {
        Path in = TestDirs.fresh("report-malformed");
        Path times = in.resolve("default/times.csv");
        write(times, "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n3,20000,4,1,10,equal,a\n6,ten,1,1,1,equal,b\n");
        assertEquals(times + ":3: column 'elapsed_ms' is 'ten', not a whole number", error(in));

        write(times, "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n3,20000,4,1,10,equal\n");
        assertEquals(times + ":2: 6 fields, but the header has 7 (query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids)", error(in));

        write(times, "query,ms,verdict\n3,20000,equal\n");
        assertEquals(times + ":1: no column 'elapsed_ms' in the header (query,ms,verdict)", error(in));

        write(times, "query,elapsed_ms,jobs,job_ms,rows,verdict,job_ids\n3,20000,4,1,10,equal,a\n");
        Path jobs = in.resolve("default/jobs.csv");
        write(jobs, "query,job_id,maps,map_s\n3,job_1,4,\"2.5\n");
        assertEquals(jobs + ":2: a quoted field is not closed", error(in));
        write(jobs, "query,job_id,maps,map_s\n3,job_1,4,2.5\n3,job_2,four,1\n");
        assertEquals(jobs + ":3: column 'maps' is 'four', not a number", error(in));
        Files.delete(jobs);

        Path empty = TestDirs.fresh("report-empty");
        assertEquals(empty + ": no scenario results (expected <scenario>/times.csv or <scenario>/run-N/times.csv)", error(empty));
        assertEquals(in.resolve("collaborative") + ": no times.csv (nor run-N/times.csv) for scenario 'collaborative'",
                error(in, "--scenarios", "default,collaborative"));
    }

    /** Runs the command expecting exit code 2 and returns its one-line message. */
    private static String error(Path in, String... more) throws Exception {
        StringWriter err = new StringWriter();
        CommandLine cl = org.cormorant.bench.HiveBenchAccess.commandLine();
        cl.setErr(new PrintWriter(err));
        cl.setOut(new PrintWriter(new StringWriter()));
        String[] args = new String[4 + more.length + 1];
        args[0] = "report";
        args[1] = "--in";
        args[2] = in.toString();
        args[3] = "--out";
        args[4] = TestDirs.fresh("report-err-out").toString();
        System.arraycopy(more, 0, args, 5, more.length);
        assertEquals(2, cl.execute(args), err.toString());
        String msg = err.toString().trim();
        assertTrue(msg.startsWith("hive-bench report: "), msg);
        return msg.substring("hive-bench report: ".length());
    }

    private static void write(Path p, String text) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private static void assertContainsLines(String text, String... lines) {
        List<String> have = text.lines().toList();
        for (String l : lines) {
            assertTrue(have.contains(l), "missing line\n  " + l + "\nin\n" + text);
        }
    }

    private static BufferedImage png(Path p, int width, int height) throws Exception {
        byte[] head = new byte[8];
        try (var s = Files.newInputStream(p)) {
            assertEquals(8, s.read(head));
        }
        assertEquals((byte) 0x89, head[0]);
        assertEquals("PNG", new String(head, 1, 3, StandardCharsets.US_ASCII));
        BufferedImage img = ImageIO.read(p.toFile());
        assertNotNull(img, p + " decodes");
        assertEquals(width, img.getWidth());
        assertEquals(height, img.getHeight());
        return img;
    }

    /** Whether a bar's worth (100 pixels) of exactly this colour is drawn; anti-aliased text leaves only a few. */
    private static boolean contains(BufferedImage img, Color c) {
        int rgb = c.getRGB() & 0xFFFFFF;
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    n++;
                }
            }
        }
        return n >= 100;
    }
}
