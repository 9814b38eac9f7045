package org.cormorant.bench.tpch;

import java.util.List;
import java.util.Locale;

/**
 * The eight TPC-H tables as this bench stores them: '|'-delimited text, one directory per table, columns
 * in the order of the TPC-H specification (section 1.4) and of {@code io.trino.tpch}'s {@code toLine()}.
 * Money and quantities are DECIMAL(15,2), dates DATE, keys BIGINT, the other numbers INT, text STRING
 * (VARCHAR in the reference engine), so Hive and the reference compute with the same exact decimals.
 */
public final class TpchSchema {

    /** Column types, each with its spelling in Hive and in DuckDB. */
    public enum Type {
        BIGINT("BIGINT", "BIGINT"),
        INT("INT", "INTEGER"),
        DECIMAL("DECIMAL(15,2)", "DECIMAL(15,2)"),
        DATE("DATE", "DATE"),
        STRING("STRING", "VARCHAR");

        private final String hive;
        private final String duckdb;

        Type(String hive, String duckdb) {
            this.hive = hive;
            this.duckdb = duckdb;
        }

        public String hive() {
            return hive;
        }

        public String duckdb() {
            return duckdb;
        }
    }

    public record Column(String name, Type type) {
    }

    /**
     * A table: its name (also its directory), the {@code io.trino.tpch} table name, its columns and its
     * cardinality per unit of scale factor (0 for the fixed-size tables; lineitem's is approximate).
     */
    public record Table(String name, String generatorName, List<Column> columns, long rowsPerScaleFactor, long fixedRows) {

        public String directory() {
            return name;
        }

        /** Rows the TPC-H specification gives for this table at {@code scaleFactor} (lineitem: approximate). */
        public long expectedRows(double scaleFactor) {
            if (fixedRows > 0) {
                return fixedRows;
            }
            return (long) (rowsPerScaleFactor * scaleFactor);
        }

        public String columnList() {
            StringBuilder sb = new StringBuilder();
            for (Column c : columns) {
                if (sb.length() > 0) {
                    sb.append(", ");
                }
                sb.append(c.name());
            }
            return sb.toString();
        }
    }

    private static Column c(String name, Type type) {
        return new Column(name, type);
    }

    public static final Table NATION = new Table("nation", "nation", List.of(
            c("n_nationkey", Type.BIGINT), c("n_name", Type.STRING), c("n_regionkey", Type.BIGINT),
            c("n_comment", Type.STRING)), 0, 25);

    public static final Table REGION = new Table("region", "region", List.of(
            c("r_regionkey", Type.BIGINT), c("r_name", Type.STRING), c("r_comment", Type.STRING)), 0, 5);

    public static final Table PART = new Table("part", "part", List.of(
            c("p_partkey", Type.BIGINT), c("p_name", Type.STRING), c("p_mfgr", Type.STRING),
            c("p_brand", Type.STRING), c("p_type", Type.STRING), c("p_size", Type.INT),
            c("p_container", Type.STRING), c("p_retailprice", Type.DECIMAL), c("p_comment", Type.STRING)),
            200_000, 0);

    public static final Table SUPPLIER = new Table("supplier", "supplier", List.of(
            c("s_suppkey", Type.BIGINT), c("s_name", Type.STRING), c("s_address", Type.STRING),
            c("s_nationkey", Type.BIGINT), c("s_phone", Type.STRING), c("s_acctbal", Type.DECIMAL),
            c("s_comment", Type.STRING)), 10_000, 0);

    public static final Table PARTSUPP = new Table("partsupp", "partsupp", List.of(
            c("ps_partkey", Type.BIGINT), c("ps_suppkey", Type.BIGINT), c("ps_availqty", Type.INT),
            c("ps_supplycost", Type.DECIMAL), c("ps_comment", Type.STRING)), 800_000, 0);

    public static final Table CUSTOMER = new Table("customer", "customer", List.of(
            c("c_custkey", Type.BIGINT), c("c_name", Type.STRING), c("c_address", Type.STRING),
            c("c_nationkey", Type.BIGINT), c("c_phone", Type.STRING), c("c_acctbal", Type.DECIMAL),
            c("c_mktsegment", Type.STRING), c("c_comment", Type.STRING)), 150_000, 0);

    public static final Table ORDERS = new Table("orders", "orders", List.of(
            c("o_orderkey", Type.BIGINT), c("o_custkey", Type.BIGINT), c("o_orderstatus", Type.STRING),
            c("o_totalprice", Type.DECIMAL), c("o_orderdate", Type.DATE), c("o_orderpriority", Type.STRING),
            c("o_clerk", Type.STRING), c("o_shippriority", Type.INT), c("o_comment", Type.STRING)),
            1_500_000, 0);

    public static final Table LINEITEM = new Table("lineitem", "lineitem", List.of(
            c("l_orderkey", Type.BIGINT), c("l_partkey", Type.BIGINT), c("l_suppkey", Type.BIGINT),
            c("l_linenumber", Type.INT), c("l_quantity", Type.DECIMAL), c("l_extendedprice", Type.DECIMAL),
            c("l_discount", Type.DECIMAL), c("l_tax", Type.DECIMAL), c("l_returnflag", Type.STRING),
            c("l_linestatus", Type.STRING), c("l_shipdate", Type.DATE), c("l_commitdate", Type.DATE),
            c("l_receiptdate", Type.DATE), c("l_shipinstruct", Type.STRING), c("l_shipmode", Type.STRING),
            c("l_comment", Type.STRING)), 6_000_000, 0);

    /** All eight, smallest first. */
    public static final List<Table> TABLES = List.of(REGION, NATION, SUPPLIER, CUSTOMER, PART, PARTSUPP, ORDERS, LINEITEM);

    private TpchSchema() {
    }

    public static Table table(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Table t : TABLES) {
            if (t.name().equals(n)) {
                return t;
            }
        }
        throw new IllegalArgumentException("no TPC-H table " + name);
    }
}
