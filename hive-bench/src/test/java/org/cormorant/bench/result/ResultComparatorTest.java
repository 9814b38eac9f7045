package org.cormorant.bench.result;

import org.cormorant.bench.TestDirs;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultComparatorTest {

    private static ResultTable table(List<String> types, String[]... rows) {
        List<String> cols = new java.util.ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            cols.add("c" + i);
        }
        return new ResultTable(cols, types, Arrays.stream(rows).map(Arrays::asList).toList());
    }

    private final ResultComparator cmp = new ResultComparator();

    @Test
    void numbersWithinToleranceStringsTrimmedDatesAsText() {
        List<String> types = List.of("varchar", "decimal(38,4)", "double", "bigint", "date");
        ResultTable e = table(types, new String[]{"A", "1193053.2253", "0.05008133906964238", "14876", "1995-03-15"});
        assertTrue(cmp.compare(e, table(types, new String[]{"A ", "1193053.23", "0.050081", "14876", "1995-03-15"}), true).equal());
        assertTrue(cmp.compare(e, table(types, new String[]{"A", "1193053.2200", "0.0500813", "14876", "1995-03-15"}), true).equal(),
                "money within 0.01 absolute");
        ResultTable small = table(types, new String[]{"A", "1193.2253", "0.5", "1", "1995-03-15"});
        assertTrue(cmp.compare(small, table(types, new String[]{"A", "1193.2200", "0.5", "1", "1995-03-15"}), true).equal(),
                "money within 0.01");
        assertFalse(cmp.compare(small, table(types, new String[]{"A", "1193.2100", "0.5", "1", "1995-03-15"}), true).equal(),
                "money off by 0.0153 (more than 0.01 and more than 1e-6 relative)");
        assertFalse(cmp.compare(e, table(types, new String[]{"A", "1193053.2253", "0.0502", "14876", "1995-03-15"}), true).equal(),
                "a ratio off in the 4th decimal");
        assertFalse(cmp.compare(e, table(types, new String[]{"A", "1193053.2253", "0.05008133906964238", "14877", "1995-03-15"}), true).equal(),
                "counts are exact");
        assertFalse(cmp.compare(e, table(types, new String[]{"A", "1193053.2253", "0.05008133906964238", "14876", "1995-03-16"}), true).equal());
        assertFalse(cmp.compare(e, table(types, new String[]{"B", "1193053.2253", "0.05008133906964238", "14876", "1995-03-15"}), true).equal());
    }

    @Test
    void relativeToleranceOnLargeValues() {
        List<String> types = List.of("double");
        assertTrue(cmp.compare(table(types, new String[]{"526165934.000839"}), table(types, new String[]{"526165934.3"}), true).equal());
        assertFalse(cmp.compare(table(types, new String[]{"526165934.000839"}), table(types, new String[]{"526166934.0"}), true).equal());
    }

    @Test
    void orderMattersOnlyForOrderedQueries() {
        List<String> types = List.of("varchar", "bigint");
        ResultTable e = table(types, new String[]{"a", "1"}, new String[]{"b", "2"});
        ResultTable swapped = table(types, new String[]{"b", "2"}, new String[]{"a", "1"});
        assertFalse(cmp.compare(e, swapped, true).equal());
        assertTrue(cmp.compare(e, swapped, false).equal());
    }

    @Test
    void rowCountsColumnsAndNulls() {
        List<String> types = List.of("varchar", "bigint");
        ResultTable e = table(types, new String[]{"a", "1"}, new String[]{"b", null});
        ResultComparator.Comparison shorter = cmp.compare(e, table(types, new String[]{"a", "1"}), true);
        assertFalse(shorter.equal());
        assertTrue(shorter.summary().contains("expected 2 rows, got 1"), shorter.summary());
        assertFalse(cmp.compare(e, table(types, new String[]{"a", "1"}, new String[]{"b", "0"}), true).equal());
        assertTrue(cmp.compare(e, table(types, new String[]{"a", "1"}, new String[]{"b", null}), true).equal());
        assertFalse(cmp.compare(e, table(List.of("varchar"), new String[]{"a"}, new String[]{"b"}), true).equal());
    }

    @Test
    void resultFilesRoundTrip() throws Exception {
        ResultTable t = new ResultTable(List.of("name", "n"), List.of("varchar", "bigint"),
                List.of(Arrays.asList("tab\there", "1"), Arrays.asList(null, "2"), Arrays.asList("back\\slash", "3")));
        Path f = TestDirs.root().resolve("roundtrip.tsv");
        t.write(f);
        assertEquals(t, ResultTable.read(f));
    }
}
