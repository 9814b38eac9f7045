package org.cormorant.bench.report;

import java.util.Comparator;
import java.util.List;

/**
 * The order scenarios appear in, tables and plots alike: Table 4.3's (default, task/replica only, flow
 * only, collaborative, no traffic), then any other scenario by name.
 */
public final class ScenarioOrder {

    public static final List<String> KNOWN = List.of("default", "task-replica", "flow-only", "collaborative", "no-traffic");

    public static final Comparator<String> COMPARATOR = Comparator
            .comparingInt((String s) -> KNOWN.contains(s) ? KNOWN.indexOf(s) : KNOWN.size())
            .thenComparing(Comparator.naturalOrder());

    private ScenarioOrder() {
    }
}
