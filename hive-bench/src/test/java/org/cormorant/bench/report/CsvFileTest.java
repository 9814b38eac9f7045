package org.cormorant.bench.report;

import org.cormorant.bench.TestDirs;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CsvFileTest {

    @Test
    void readsByColumnNameWithQuotesBlanksAndCrlf() throws Exception {
        Path p = TestDirs.fresh("csv").resolve("a.csv");
        Files.writeString(p, "b, a ,c\r\n\r\n\"x, y\",2,\"say \"\"hi\"\"\"\r\n,3.5,\r\n");
        CsvFile f = CsvFile.read(p);
        assertEquals(java.util.List.of("b", "a", "c"), f.header());
        assertEquals(2, f.rows().size());
        CsvFile.Row r = f.rows().get(0);
        assertEquals("x, y", r.text("b"));
        assertEquals(2L, r.wholeNumber("a"));
        assertEquals("say \"hi\"", r.text("c"));
        assertNull(r.text("absent"));
        CsvFile.Row r2 = f.rows().get(1);
        assertEquals(4, r2.line(), "line numbers count the blank line");
        assertNull(r2.text("b"));
        assertEquals(3.5, r2.number("a"));
        assertNull(r2.number("c"));
        ReportInputException e = assertThrows(ReportInputException.class, () -> r2.wholeNumber("a"));
        assertEquals(p + ":4: column 'a' is '3.5', not a whole number", e.getMessage());
    }

    @Test
    void emptyOrMissingFile() throws Exception {
        Path dir = TestDirs.fresh("csv-empty");
        Path p = dir.resolve("e.csv");
        Files.writeString(p, "\n\n");
        assertEquals(p + ": empty file (no header line)", assertThrows(ReportInputException.class, () -> CsvFile.read(p)).getMessage());
        assertTrue(assertThrows(ReportInputException.class, () -> CsvFile.read(dir.resolve("nope.csv"))).getMessage().endsWith("no such file"));
    }
}
