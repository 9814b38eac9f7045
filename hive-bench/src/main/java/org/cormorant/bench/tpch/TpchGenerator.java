package org.cormorant.bench.tpch;

import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Writes the eight TPC-H tables with the {@code io.trino.tpch} generator (a port of dbgen: same rows as
 * dbgen for the same scale factor) as '|'-delimited text, one directory per table, and a
 * {@value #MANIFEST} file with the scale factor and row counts. Lines carry no trailing '|' (dbgen's
 * .tbl files do), so every reader sees exactly the table's columns.
 *
 * <p>With {@code parts > 1} the large tables are split into that many files ({@code lineitem.tbl.1},
 * ...), as dbgen's {@code -C/-S} does; the fixed tables nation and region are always one file.
 */
public final class TpchGenerator {

    public static final String MANIFEST = "tpch.properties";

    /** What a generation wrote. */
    public record Summary(double scaleFactor, int parts, Map<String, Long> rows, Map<String, Long> bytes, long elapsedMillis) {

        public long totalBytes() {
            return bytes.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private TpchGenerator() {
    }

    public static Summary generate(double scaleFactor, Path outDir) throws IOException {
        return generate(scaleFactor, 1, outDir);
    }

    public static Summary generate(double scaleFactor, int parts, Path outDir) throws IOException {
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scale factor must be > 0: " + scaleFactor);
        }
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be >= 1: " + parts);
        }
        long start = System.nanoTime();
        Files.createDirectories(outDir);
        Map<String, Long> rows = new LinkedHashMap<>();
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (TpchSchema.Table table : TpchSchema.TABLES) {
            Path dir = outDir.resolve(table.directory());
            Files.createDirectories(dir);
            try (Stream<Path> old = Files.list(dir)) {
                for (Path p : (Iterable<Path>) old::iterator) {
                    Files.delete(p);
                }
            }
            TpchTable<?> generator = TpchTable.getTable(table.generatorName());
            int tableParts = table.fixedRows() > 0 ? 1 : parts;
            long n = 0;
            long b = 0;
            for (int part = 1; part <= tableParts; part++) {
                Path file = dir.resolve(fileName(table, part, tableParts));
                try (OutputStream out = Files.newOutputStream(file);
                     BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16)) {
                    for (TpchEntity e : generator.createGenerator(scaleFactor, part, tableParts)) {
                        String line = e.toLine();
                        int end = line.endsWith("|") ? line.length() - 1 : line.length();
                        w.write(line, 0, end);
                        w.write('\n');
                        n++;
                    }
                }
                b += Files.size(file);
            }
            rows.put(table.name(), n);
            bytes.put(table.name(), b);
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        Summary summary = new Summary(scaleFactor, parts, rows, bytes, elapsed);
        writeManifest(outDir, summary);
        return summary;
    }

    static String fileName(TpchSchema.Table table, int part, int parts) {
        return parts == 1 ? table.name() + ".tbl" : table.name() + ".tbl." + part;
    }

    private static void writeManifest(Path outDir, Summary s) throws IOException {
        Properties p = new Properties();
        p.setProperty("scaleFactor", Double.toString(s.scaleFactor()));
        p.setProperty("parts", Integer.toString(s.parts()));
        p.setProperty("generator", "io.trino.tpch " + generatorVersion());
        for (Map.Entry<String, Long> e : s.rows().entrySet()) {
            p.setProperty("rows." + e.getKey(), Long.toString(e.getValue()));
            p.setProperty("bytes." + e.getKey(), Long.toString(s.bytes().get(e.getKey())));
        }
        try (OutputStream out = Files.newOutputStream(outDir.resolve(MANIFEST))) {
            p.store(out, "TPC-H data written by cormorant hive-bench");
        }
    }

    /** The manifest of a generated directory, or an exception if it is not one. */
    public static Properties readManifest(Path dataDir) throws IOException {
        Path f = dataDir.resolve(MANIFEST);
        if (!Files.isRegularFile(f)) {
            throw new IOException(dataDir + " has no " + MANIFEST + ": not a directory written by `generate`");
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(f)) {
            p.load(in);
        }
        return p;
    }

    /** The data files of one table in a generated directory, sorted by name. */
    public static List<Path> files(Path dataDir, TpchSchema.Table table) {
        try (Stream<Path> s = Files.list(dataDir.resolve(table.directory()))) {
            List<Path> out = new ArrayList<>(s.filter(Files::isRegularFile).sorted().toList());
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String generatorVersion() {
        Package p = TpchTable.class.getPackage();
        String v = p == null ? null : p.getImplementationVersion();
        return v == null ? "?" : v;
    }

    /** "0.01" rather than "0.010000" for names and logs. */
    public static String formatScaleFactor(double sf) {
        String s = String.format(Locale.ROOT, "%.6f", sf);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
