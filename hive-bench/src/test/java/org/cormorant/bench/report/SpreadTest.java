package org.cormorant.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class SpreadTest {

    @Test
    void medianMinMax() {
        assertNull(Spread.of(List.of()));
        assertEquals(new Spread(5, 5, 5, 1), Spread.of(List.of(5.0)));
        assertEquals(new Spread(3, 1, 9, 3), Spread.of(List.of(9.0, 1.0, 3.0)));
        assertEquals(new Spread(2.5, 1, 4, 4), Spread.of(List.of(4.0, 1.0, 3.0, 2.0)));
    }

    @Test
    void formats() {
        assertEquals("14.0 (12.0-15.0)", ReportFormat.spread(new Spread(14, 12, 15, 3), 1));
        assertEquals("14.0", ReportFormat.spread(new Spread(14, 14, 14, 1), 1));
        assertEquals("-", ReportFormat.spread(null, 1));
        assertEquals("1.0015", ReportFormat.plain(1.0015));
        assertEquals("24", ReportFormat.plain(24.0));
        assertEquals("0.62x", ReportFormat.ratio(21.0 / 34.0, 2));
        assertEquals(2.5, BarChart.niceStep(2.2));
        assertEquals(50, BarChart.niceStep(31));
        assertEquals(0.1, BarChart.niceStep(0.08), 1e-12);
    }
}
