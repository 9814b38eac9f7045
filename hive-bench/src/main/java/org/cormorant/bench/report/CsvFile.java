package org.cormorant.bench.report;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A comma-separated file with a header line, read whole. Fields may be double-quoted ({@code ""} inside
 * quotes is a quote); blank lines are skipped. Every row keeps its line number, so a bad cell is reported
 * as {@code file:line}. Columns are looked up by header name, so files with extra or reordered columns
 * read the same.
 */
public final class CsvFile {

    private final Path path;
    private final List<String> header;
    private final Map<String, Integer> index;
    private final List<Row> rows;

    private CsvFile(Path path, List<String> header) {
        this.path = path;
        this.header = List.copyOf(header);
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            idx.putIfAbsent(header.get(i), i);
        }
        this.index = Collections.unmodifiableMap(idx);
        this.rows = new ArrayList<>();
    }

    public static CsvFile read(Path path) {
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ReportInputException(path + ": no such file");
        } catch (CharacterCodingException e) {
            throw new ReportInputException(path + ": not UTF-8 text");
        } catch (IOException e) {
            throw new ReportInputException(path + ": cannot read (" + e.getMessage() + ")");
        }
        CsvFile file = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            List<String> cells = split(line, path, i + 1);
            if (file == null) {
                List<String> header = new ArrayList<>();
                for (String c : cells) {
                    header.add(c.trim());
                }
                file = new CsvFile(path, header);
                continue;
            }
            if (cells.size() != file.header.size()) {
                throw new ReportInputException(path + ":" + (i + 1) + ": " + cells.size() + " fields, but the header has "
                        + file.header.size() + " (" + String.join(",", file.header) + ")");
            }
            file.rows.add(new Row(path, file.index, i + 1, cells));
        }
        if (file == null) {
            throw new ReportInputException(path + ": empty file (no header line)");
        }
        return file;
    }

    /** One line into fields; quotes as in RFC 4180, but a record cannot span lines. */
    private static List<String> split(String line, Path path, int lineNo) {
        if (line.endsWith("\r")) {
            line = line.substring(0, line.length() - 1);
        }
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cur.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cur.append(c);
                }
            } else if (c == ',') {
                out.add(cur.toString());
                cur.setLength(0);
                wasQuoted = false;
            } else if (c == '"' && cur.toString().isBlank() && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (quoted) {
            throw new ReportInputException(path + ":" + lineNo + ": a quoted field is not closed");
        }
        out.add(cur.toString());
        return out;
    }

    public Path path() {
        return path;
    }

    public List<String> header() {
        return header;
    }

    public boolean hasColumn(String name) {
        return index.containsKey(name);
    }

    public List<Row> rows() {
        return Collections.unmodifiableList(rows);
    }

    /** Fails, naming the file and the header it has, when a column the report cannot do without is absent. */
    public CsvFile requireColumns(String... names) {
        for (String n : names) {
            if (!hasColumn(n)) {
                throw new ReportInputException(path + ":1: no column '" + n + "' in the header (" + String.join(",", header) + ")");
            }
        }
        return this;
    }

    /** A data line. Accessors return {@code null} for a column the file does not have or a blank cell. */
    public static final class Row {
        private final Path path;
        private final Map<String, Integer> index;
        private final int line;
        private final List<String> cells;

        private Row(Path path, Map<String, Integer> index, int line, List<String> cells) {
            this.path = path;
            this.index = index;
            this.line = line;
            this.cells = List.copyOf(cells);
        }

        public int line() {
            return line;
        }

        /** {@code file:line}, for messages. */
        public String where() {
            return path + ":" + line;
        }

        public String text(String column) {
            Integer i = index.get(column);
            if (i == null) {
                return null;
            }
            String v = cells.get(i).trim();
            return v.isEmpty() ? null : v;
        }

        public Long wholeNumber(String column) {
            String v = text(column);
            if (v == null) {
                return null;
            }
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new ReportInputException(where() + ": column '" + column + "' is '" + v + "', not a whole number");
            }
        }

        public Double number(String column) {
            String v = text(column);
            if (v == null) {
                return null;
            }
            try {
                double d = Double.parseDouble(v);
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new NumberFormatException();
                }
                return d;
            } catch (NumberFormatException e) {
                throw new ReportInputException(where() + ": column '" + column + "' is '" + v + "', not a number");
            }
        }
    }
}
