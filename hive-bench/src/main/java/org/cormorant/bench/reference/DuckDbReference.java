package org.cormorant.bench.reference;

import org.cormorant.bench.result.ResultTable;
import org.cormorant.bench.tpch.TpchGenerator;
import org.cormorant.bench.tpch.TpchQueries;
import org.cormorant.bench.tpch.TpchSchema;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reference answers computed without Hive: an in-memory DuckDB loads the generated '|'-delimited files
 * and runs the standard TPC-H SQL ({@code tpch/reference/qN.sql}). The results are what Hive's rows must
 * equal.
 */
public final class DuckDbReference implements AutoCloseable {

    private final Connection connection;
    private final long loadMillis;

    private DuckDbReference(Connection connection, long loadMillis) {
        this.connection = connection;
        this.loadMillis = loadMillis;
    }

    /** Opens an in-memory DuckDB and loads the eight tables of a directory written by {@link TpchGenerator}. */
    public static DuckDbReference open(Path dataDir) throws Exception {
        TpchGenerator.readManifest(dataDir);
        Class.forName("org.duckdb.DuckDBDriver");
        Connection c = DriverManager.getConnection("jdbc:duckdb:");
        long start = System.nanoTime();
        try (Statement s = c.createStatement()) {
            s.execute("SET threads = 2");
            s.execute("SET memory_limit = '1GB'");
            for (TpchSchema.Table t : TpchSchema.TABLES) {
                s.execute(createTable(t, TpchGenerator.files(dataDir, t)));
            }
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return new DuckDbReference(c, (System.nanoTime() - start) / 1_000_000);
    }

    static String createTable(TpchSchema.Table t, List<Path> files) {
        StringBuilder fileList = new StringBuilder("[");
        for (Path f : files) {
            if (fileList.length() > 1) {
                fileList.append(", ");
            }
            fileList.append('\'').append(f.toAbsolutePath().toString().replace("'", "''")).append('\'');
        }
        fileList.append(']');
        StringBuilder cols = new StringBuilder("{");
        for (TpchSchema.Column col : t.columns()) {
            if (cols.length() > 1) {
                cols.append(", ");
            }
            cols.append('\'').append(col.name()).append("': '").append(col.type().duckdb()).append('\'');
        }
        cols.append('}');
        return "CREATE OR REPLACE TABLE " + t.name() + " AS SELECT * FROM read_csv(" + fileList
                + ", delim = '|', header = false, quote = '', escape = '', auto_detect = false, columns = " + cols + ")";
    }

    public long loadMillis() {
        return loadMillis;
    }

    /** The reference answer of TPC-H query {@code n}. */
    public ResultTable run(int n) throws SQLException {
        return query(TpchQueries.reference(n));
    }

    /** Runs one SQL statement and returns its rows as text (see {@link ResultTable}). */
    public ResultTable query(String sql) throws SQLException {
        List<String> stmts = TpchQueries.statements(sql);
        try (Statement s = connection.createStatement()) {
            for (int i = 0; i < stmts.size() - 1; i++) {
                s.execute(stmts.get(i));
            }
            try (ResultSet rs = s.executeQuery(stmts.get(stmts.size() - 1))) {
                ResultSetMetaData md = rs.getMetaData();
                int n = md.getColumnCount();
                List<String> names = new ArrayList<>();
                List<String> types = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    names.add(md.getColumnLabel(i));
                    types.add(typeName(md, i));
                }
                List<List<String>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<String> row = new ArrayList<>(n);
                    for (int i = 1; i <= n; i++) {
                        row.add(text(rs.getObject(i)));
                    }
                    rows.add(row);
                }
                return new ResultTable(names, types, rows);
            }
        }
    }

    private static String typeName(ResultSetMetaData md, int i) throws SQLException {
        String t = md.getColumnTypeName(i).toLowerCase(Locale.ROOT);
        if (md.getColumnType(i) == Types.DECIMAL && !t.contains("(")) {
            t = "decimal(" + md.getPrecision(i) + "," + md.getScale(i) + ")";
        }
        return t;
    }

    static String text(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof BigDecimal b) {
            return b.toPlainString();
        }
        if (v instanceof Double d) {
            return BigDecimal.valueOf(d).toPlainString();
        }
        if (v instanceof Float f) {
            return BigDecimal.valueOf(f.doubleValue()).toPlainString();
        }
        if (v instanceof LocalDate d) {
            return d.toString();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        return v.toString();
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
