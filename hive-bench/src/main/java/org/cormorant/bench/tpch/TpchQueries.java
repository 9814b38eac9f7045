package org.cormorant.bench.tpch;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The 22 TPC-H queries, with the substitution parameters of the specification's validation run fixed in
 * the text: {@code tpch/qN.sql} in HiveQL (what the bench runs), {@code tpch/reference/qN.sql} in
 * standard SQL (what the reference engine runs), and {@code tpch/ddl.sql}, the Hive tables.
 */
public final class TpchQueries {

    public static final int COUNT = 22;

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z_]+)}");

    private TpchQueries() {
    }

    /** The HiveQL text of query {@code n} (1..22). */
    public static String hive(int n) {
        return resource("tpch/q" + check(n) + ".sql");
    }

    /** The standard-SQL text of query {@code n} for the reference engine. */
    public static String reference(int n) {
        return resource("tpch/reference/q" + check(n) + ".sql");
    }

    /** Whether the query's result is ordered (it has an ORDER BY), so rows are compared in order. */
    public static boolean ordered(int n) {
        return stripComments(reference(n)).toLowerCase(Locale.ROOT).contains("order by");
    }

    /** The Hive DDL with {@code ${DATA}} (the URI of the loaded data) and {@code ${DATABASE}} filled in. */
    public static List<String> hiveDdl(String dataUri, String database) {
        String uri = dataUri.endsWith("/") ? dataUri.substring(0, dataUri.length() - 1) : dataUri;
        return statements(substitute(resource("tpch/ddl.sql"), Map.of("DATA", uri, "DATABASE", database)));
    }

    /** Parses a query list such as {@code all}, {@code 1,6}, {@code 1-5,9} or {@code q3,q6}. */
    public static List<Integer> parseList(String spec) {
        List<Integer> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String p = part.trim().toLowerCase(Locale.ROOT).replace("q", "");
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals("all")) {
                for (int i = 1; i <= COUNT; i++) {
                    out.add(i);
                }
            } else if (p.contains("-")) {
                String[] r = p.split("-");
                for (int i = Integer.parseInt(r[0].trim()); i <= Integer.parseInt(r[1].trim()); i++) {
                    out.add(check(i));
                }
            } else {
                out.add(check(Integer.parseInt(p)));
            }
        }
        return out;
    }

    /** Splits a script into statements: comments ({@code --} to end of line) removed, split at ';'. */
    public static List<String> statements(String script) {
        List<String> out = new ArrayList<>();
        for (String s : stripComments(script).split(";")) {
            String t = s.strip();
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return out;
    }

    static String stripComments(String sql) {
        StringBuilder sb = new StringBuilder();
        for (String line : sql.split("\n", -1)) {
            int i = commentStart(line);
            sb.append(i < 0 ? line : line.substring(0, i)).append('\n');
        }
        return sb.toString();
    }

    /** Index of a {@code --} outside single quotes, or -1. */
    private static int commentStart(String line) {
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == '-' && i + 1 < line.length() && line.charAt(i + 1) == '-') {
                return i;
            }
        }
        return -1;
    }

    static String substitute(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            if (v == null) {
                throw new IllegalArgumentException("no value for ${" + m.group(1) + "}");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(v));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static int check(int n) {
        if (n < 1 || n > COUNT) {
            throw new IllegalArgumentException("TPC-H has queries 1..22, not " + n);
        }
        return n;
    }

    static String resource(String name) {
        try (InputStream in = TpchQueries.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
