package org.cormorant.bench.tpch;

import org.cormorant.bench.TestDirs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpchGeneratorTest {

    /** The TPC-H cardinalities at SF 0.01 (lineitem's is dbgen's exact count at that scale). */
    static final Map<String, Long> SF001 = Map.of("region", 5L, "nation", 25L, "supplier", 100L, "customer", 1_500L,
            "part", 2_000L, "partsupp", 8_000L, "orders", 15_000L, "lineitem", 60_175L);

    @Test
    void rowCountsAreTheTpchCardinalitiesAtSf001() throws Exception {
        Path out = TestDirs.fresh("gen-counts");
        TpchGenerator.Summary s = TpchGenerator.generate(0.01, out);
        assertEquals(SF001, s.rows());
        for (TpchSchema.Table t : TpchSchema.TABLES) {
            List<String> lines = Files.readAllLines(TpchGenerator.files(out, t).get(0));
            assertEquals(SF001.get(t.name()).longValue(), lines.size(), t.name());
            // Every line has exactly the table's columns: no dbgen trailing '|'.
            for (String line : lines.subList(0, Math.min(50, lines.size()))) {
                assertEquals(t.columns().size(), line.split("\\|", -1).length, t.name() + ": " + line);
                assertFalse(line.endsWith("|"), line);
            }
            if (t.fixedRows() == 0 && t != TpchSchema.LINEITEM) {
                assertEquals(t.expectedRows(0.01), s.rows().get(t.name()).longValue(), t.name());
            }
        }
        Properties manifest = TpchGenerator.readManifest(out);
        assertEquals("0.01", manifest.getProperty("scaleFactor"));
        assertEquals("60175", manifest.getProperty("rows.lineitem"));
    }

    @Test
    void generationIsDeterministicAndPartsAddUpToTheWhole() throws Exception {
        Path a = TestDirs.fresh("gen-a");
        Path b = TestDirs.fresh("gen-b");
        Path c = TestDirs.fresh("gen-parts");
        TpchGenerator.generate(0.005, a);
        TpchGenerator.generate(0.005, b);
        TpchGenerator.Summary parts = TpchGenerator.generate(0.005, 3, c);
        assertEquals(digests(a), digests(b));
        // Three parts hold the same rows as one file, in order.
        for (TpchSchema.Table t : TpchSchema.TABLES) {
            List<Path> files = TpchGenerator.files(c, t);
            assertEquals(t.fixedRows() > 0 ? 1 : 3, files.size(), t.name());
            StringBuilder joined = new StringBuilder();
            for (Path f : files) {
                joined.append(Files.readString(f));
            }
            assertEquals(Files.readString(TpchGenerator.files(a, t).get(0)), joined.toString(), t.name());
        }
        assertTrue(parts.totalBytes() > 0);
    }

    private static Map<String, String> digests(Path dir) throws Exception {
        Map<String, String> out = new TreeMap<>();
        for (TpchSchema.Table t : TpchSchema.TABLES) {
            for (Path f : TpchGenerator.files(dir, t)) {
                out.put(dir.relativize(f).toString(), sha256(f));
            }
        }
        return out;
    }

    private static String sha256(Path f) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(f)) {
            byte[] buf = new byte[1 << 16];
            int r;
            while ((r = in.read(buf)) > 0) {
                md.update(buf, 0, r);
            }
        } catch (IOException e) {
            throw e;
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
