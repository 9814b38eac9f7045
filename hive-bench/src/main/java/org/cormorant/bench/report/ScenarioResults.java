package org.cormorant.bench.report;

import java.util.List;

/** A scenario of Table 4.3 (its directory name, e.g. {@code collaborative}) and its runs, in repeat order. */
public record ScenarioResults(String name, List<ScenarioRun> runs) {

    public ScenarioResults {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("scenario " + name + " has no run");
        }
        runs = List.copyOf(runs);
    }
}
