package org.cormorant.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The figures a report shows, computed from the scenarios' runs: per-query seconds, totals, ratios and
 * per-job sums, each as a {@link Spread} over the runs (median, min-max).
 *
 * <p>Totals cover the queries every scenario ran (the "common" queries), so ratios compare like with
 * like; a run counts towards its scenario's total only when each of those queries finished in it (a
 * failed query has no time, and leaving it out would make the run look fast).
 */
public final class BenchComparison {

    public static final String NO_TRAFFIC = "no-traffic";

    private final Map<String, ScenarioResults> scenarios = new LinkedHashMap<>();
    private final List<String> queries;
    private final List<String> commonQueries;

    public BenchComparison(List<ScenarioResults> results) {
        for (ScenarioResults s : results) {
            scenarios.put(s.name(), s);
        }
        Set<String> all = new TreeSet<>(QUERY_ORDER);
        Set<String> common = null;
        for (ScenarioResults s : results) {
            Set<String> here = new LinkedHashSet<>();
            for (ScenarioRun r : s.runs()) {
                here.addAll(r.times().keySet());
            }
            all.addAll(here);
            if (common == null) {
                common = new TreeSet<>(QUERY_ORDER);
                common.addAll(here);
            } else {
                common.retainAll(here);
            }
        }
        this.queries = List.copyOf(all);
        this.commonQueries = common == null ? List.of() : List.copyOf(common);
    }

    /** Query numbers in numeric order (Q2 before Q10), anything else after them by name. */
    public static final Comparator<String> QUERY_ORDER = Comparator
            .comparingLong((String q) -> q.matches("\\d{1,9}") ? Long.parseLong(q) : Long.MAX_VALUE)
            .thenComparing(Comparator.naturalOrder());

    public List<String> scenarios() {
        return List.copyOf(scenarios.keySet());
    }

    public boolean has(String scenario) {
        return scenarios.containsKey(scenario);
    }

    public ScenarioResults scenario(String name) {
        return scenarios.get(name);
    }

    public int runs(String scenario) {
        return scenarios.get(scenario).runs().size();
    }

    /** Every query any scenario ran. */
    public List<String> queries() {
        return queries;
    }

    /** The queries every scenario ran: what totals and ratios cover. */
    public List<String> commonQueries() {
        return commonQueries;
    }

    /** Seconds of a query over the runs it finished in; {@code null} if it never did (or never ran). */
    public Spread querySeconds(String scenario, String query) {
        List<Double> v = new ArrayList<>();
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            QueryTime t = r.times().get(query);
            if (t != null && t.succeeded()) {
                v.add(t.seconds());
            }
        }
        return Spread.of(v);
    }

    /** Runs of the scenario in which the query failed or was not run. */
    public int missingRuns(String scenario, String query) {
        int n = 0;
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            QueryTime t = r.times().get(query);
            if (t == null || !t.succeeded()) {
                n++;
            }
        }
        return n;
    }

    /** Total seconds of the common queries over the scenario's complete runs; {@code null} if none is complete. */
    public Spread totalSeconds(String scenario) {
        List<Double> v = new ArrayList<>();
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            Double total = runTotal(r);
            if (total != null) {
                v.add(total);
            }
        }
        return Spread.of(v);
    }

    private Double runTotal(ScenarioRun r) {
        long ms = 0;
        for (String q : commonQueries) {
            QueryTime t = r.times().get(q);
            if (t == null || !t.succeeded()) {
                return null;
            }
            ms += t.elapsedMillis();
        }
        return commonQueries.isEmpty() ? null : ms / 1000.0;
    }

    /** Median total of the scenario over median total of the reference scenario; {@code null} if either is unknown. */
    public Double ratio(String scenario, String reference) {
        if (!has(scenario) || !has(reference)) {
            return null;
        }
        Spread s = totalSeconds(scenario);
        Spread r = totalSeconds(reference);
        return s == null || r == null || r.median() <= 0 ? null : s.median() / r.median();
    }

    /** Answers of the scenario that did not equal the reference, e.g. {@code Q6 (run-2): DIFFERENT}; empty: all equal. */
    public List<String> wrongAnswers(String scenario) {
        List<String> out = new ArrayList<>();
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            for (QueryTime t : r.times().values()) {
                if (!t.equalsReference()) {
                    out.add("Q" + t.query() + (r.label().isEmpty() ? "" : " (" + r.label() + ")") + ": " + t.verdict());
                }
            }
        }
        return out;
    }

    public boolean allAnswersEqual() {
        for (String s : scenarios.keySet()) {
            if (!wrongAnswers(s).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    public int answers(String scenario) {
        int n = 0;
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            n += r.times().size();
        }
        return n;
    }

    /** Whether any run of the scenario has a jobs.csv. */
    public boolean hasJobs(String scenario) {
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            if (r.hasJobs()) {
                return true;
            }
        }
        return false;
    }

    public boolean hasAnyJobs() {
        for (String s : scenarios.keySet()) {
            if (hasJobs(s)) {
                return true;
            }
        }
        return false;
    }

    /** Number of MapReduce jobs (lines of jobs.csv) of a query, or of all queries when {@code query} is null. */
    public Spread jobCount(String scenario, String query) {
        return jobSum(scenario, query, j -> 1.0);
    }

    public Spread jobSum(String scenario, String query, JobMetric metric) {
        return jobSum(scenario, query, j -> j.get(metric));
    }

    /**
     * A per-job figure summed over the jobs of a query (all queries when {@code query} is null) in each run
     * with a jobs.csv, as a spread over those runs. A run in which any of those jobs lacks the figure gives
     * no value rather than a sum that silently leaves jobs out.
     */
    public Spread jobSum(String scenario, String query, Function<JobRecord, Double> figure) {
        List<Double> v = new ArrayList<>();
        for (ScenarioRun r : scenarios.get(scenario).runs()) {
            if (!r.hasJobs()) {
                continue;
            }
            double sum = 0;
            boolean known = true;
            boolean any = false;
            for (JobRecord j : r.jobs()) {
                if (query != null && !query.equals(j.query())) {
                    continue;
                }
                any = true;
                Double x = figure.apply(j);
                if (x == null) {
                    known = false;
                    break;
                }
                sum += x;
            }
            if (known && (any || query == null || r.times().containsKey(query))) {
                v.add(sum);
            }
        }
        return Spread.of(v);
    }

    /** Queries that have at least one job line in some scenario's jobs.csv. */
    public List<String> queriesWithJobs() {
        Set<String> out = new TreeSet<>(QUERY_ORDER);
        for (ScenarioResults s : scenarios.values()) {
            for (ScenarioRun r : s.runs()) {
                if (r.hasJobs()) {
                    for (JobRecord j : r.jobs()) {
                        out.add(j.query());
                    }
                }
            }
        }
        return List.copyOf(out);
    }
}
