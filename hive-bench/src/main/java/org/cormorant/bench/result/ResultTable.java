package org.cormorant.bench.result;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A query result as text: column names, optional column types (lower case, e.g. {@code bigint},
 * {@code decimal(38,4)}, {@code double}, {@code varchar}, {@code date}; empty when unknown) and rows of
 * cells, SQL NULL as Java {@code null}. Dates are {@code yyyy-MM-dd}, numbers plain decimal text.
 *
 * <p>File form (TSV): a header line {@code #name:type<TAB>name:type...}, then one line per row, cells
 * separated by tabs, NULL as {@code \N}, and tab, newline and backslash escaped as {@code \t},
 * {@code \n}, {@code \\}.
 */
public record ResultTable(List<String> columns, List<String> types, List<List<String>> rows) {

    public static final String NULL = "\\N";

    public ResultTable {
        columns = List.copyOf(columns);
        types = types == null || types.isEmpty() ? Collections.nCopies(columns.size(), "") : List.copyOf(types);
        if (types.size() != columns.size()) {
            throw new IllegalArgumentException(columns.size() + " columns but " + types.size() + " types");
        }
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> r : rows) {
            copy.add(Collections.unmodifiableList(new ArrayList<>(r)));
        }
        rows = Collections.unmodifiableList(copy);
    }

    public int rowCount() {
        return rows.size();
    }

    public String type(int column) {
        return types.get(column);
    }

    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write('#');
            for (int i = 0; i < columns.size(); i++) {
                if (i > 0) {
                    w.write('\t');
                }
                w.write(escape(columns.get(i)) + ":" + escape(types.get(i)));
            }
            w.write('\n');
            for (List<String> row : rows) {
                for (int i = 0; i < row.size(); i++) {
                    if (i > 0) {
                        w.write('\t');
                    }
                    String v = row.get(i);
                    w.write(v == null ? NULL : escape(v));
                }
                w.write('\n');
            }
        }
    }

    public static ResultTable read(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header == null || !header.startsWith("#")) {
                throw new IOException(file + ": not a result file (no '#name:type' header)");
            }
            List<String> names = new ArrayList<>();
            List<String> types = new ArrayList<>();
            String h = header.substring(1);
            if (!h.isEmpty()) {
                for (String c : h.split("\t", -1)) {
                    int colon = c.lastIndexOf(':');
                    names.add(unescape(colon < 0 ? c : c.substring(0, colon)));
                    types.add(colon < 0 ? "" : unescape(c.substring(colon + 1)).toLowerCase(Locale.ROOT));
                }
            }
            List<List<String>> rows = new ArrayList<>();
            String line;
            while ((line = r.readLine()) != null) {
                List<String> row = new ArrayList<>();
                for (String cell : line.split("\t", -1)) {
                    row.add(cell.equals(NULL) ? null : unescape(cell));
                }
                rows.add(row);
            }
            return new ResultTable(names, types, rows);
        }
    }

    static String escape(String s) {
        if (s.indexOf('\\') < 0 && s.indexOf('\t') < 0 && s.indexOf('\n') < 0) {
            return s;
        }
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                sb.append(n == 't' ? '\t' : n == 'n' ? '\n' : n);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
