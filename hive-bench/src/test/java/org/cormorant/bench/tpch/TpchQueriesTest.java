package org.cormorant.bench.tpch;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpchQueriesTest {

    @Test
    void all22QueriesExistInBothDialectsAsOneStatement() {
        for (int q = 1; q <= TpchQueries.COUNT; q++) {
            assertEquals(1, TpchQueries.statements(TpchQueries.hive(q)).size(), "hive q" + q);
            assertEquals(1, TpchQueries.statements(TpchQueries.reference(q)).size(), "reference q" + q);
            String hive = TpchQueries.statements(TpchQueries.hive(q)).get(0).toLowerCase(Locale.ROOT);
            assertTrue(hive.startsWith("select") || hive.startsWith("with"), "q" + q + " is a query: results go to the client");
            // Hive adaptations: date arithmetic is precomputed, no EXTRACT or SUBSTRING ... FROM.
            assertFalse(hive.contains("interval"), "q" + q);
            assertFalse(hive.contains("extract("), "q" + q);
        }
        assertFalse(TpchQueries.ordered(6));
        assertTrue(TpchQueries.ordered(1));
    }

    @Test
    void hiveDdlHasTheSchemaColumnsInOrder() {
        List<String> ddl = TpchQueries.hiveDdl("hdfs://nn:9000/tpch/sf1/", "tpch");
        assertEquals("create database if not exists tpch", ddl.get(0));
        for (TpchSchema.Table t : TpchSchema.TABLES) {
            String create = ddl.stream().filter(s -> s.startsWith("create external table " + t.name() + " ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no DDL for " + t.name()));
            Matcher m = Pattern.compile("^\\s+(\\w+) ([\\w(),]+?),?$", Pattern.MULTILINE).matcher(create.replace(")\nrow", ",\nrow"));
            StringBuilder cols = new StringBuilder();
            while (m.find()) {
                cols.append(cols.length() == 0 ? "" : ", ").append(m.group(1));
                assertEquals(t.columns().get(cols.toString().split(", ").length - 1).type().hive().toLowerCase(Locale.ROOT),
                        m.group(2).replaceAll(",$", ""), t.name() + "." + m.group(1));
            }
            assertEquals(t.columnList(), cols.toString(), t.name());
            assertTrue(create.contains("location 'hdfs://nn:9000/tpch/sf1/" + t.name() + "'"), create);
            assertTrue(create.contains("fields terminated by '|'"), create);
        }
    }

    @Test
    void queryListsParse() {
        assertEquals(22, TpchQueries.parseList("all").size());
        assertEquals(List.of(1, 6), TpchQueries.parseList("1,6"));
        assertEquals(List.of(3, 4, 5, 9), TpchQueries.parseList("q3-q5, q9"));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.parseList("23"));
    }

    @Test
    void commentsAndSemicolonsSplitStatements() {
        assertEquals(List.of("select 'a--b' from t", "select 2"),
                TpchQueries.statements("-- head; comment\nselect 'a--b' from t; -- tail\n select 2;\n"));
    }
}
