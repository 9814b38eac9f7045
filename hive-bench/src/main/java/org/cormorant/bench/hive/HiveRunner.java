package org.cormorant.bench.hive;

import org.apache.commons.collections.CollectionUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.io.SessionStream;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Schema;
import org.apache.hadoop.hive.ql.DriverFactory;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.MapRedStats;
import org.apache.hadoop.hive.ql.QueryDisplay;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hadoop.mapred.Counters;
import org.cormorant.bench.result.ResultTable;
import org.cormorant.bench.tpch.TpchQueries;

import java.io.FileOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs HiveQL in this JVM through Hive's driver ({@link IDriver}) with the MapReduce engine and an
 * embedded Derby metastore under a run directory: no HiveServer2 (whose 4.1.0 jars are not on Maven
 * Central). The Hadoop {@link Configuration} decides where jobs run: {@code mapreduce.framework.name=local}
 * with the local file system for tests, or a cluster's {@code fs.defaultFS} and ResourceManager.
 *
 * <p>Hive keeps its session in a thread-local, so a runner must be created, used and closed on one thread.
 * One runner per JVM at a time: the embedded metastore is process-wide.
 */
public final class HiveRunner implements AutoCloseable {

    private final Path runDir;
    private final HiveConf conf;
    private final SessionState session;
    private final SessionStream console;
    private final Thread owner;

    public HiveRunner(Configuration hadoopConf, Path runDir) throws IOException {
        this.runDir = runDir.toAbsolutePath();
        Files.createDirectories(this.runDir);
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", this.runDir.resolve("derby.log").toString());
        }
        this.conf = hiveConf(hadoopConf, this.runDir);
        this.console = new SessionStream(new FileOutputStream(this.runDir.resolve("hive-console.log").toFile(), true),
                true, StandardCharsets.UTF_8.name());
        this.owner = Thread.currentThread();
        SessionState ss = new SessionState(conf);
        ss.out = console;
        ss.err = console;
        ss.info = console;
        ss.childOut = console;
        ss.childErr = console;
        this.session = SessionState.start(ss);
    }

    /**
     * The Hive configuration the runner uses: {@code base} plus what running in-process with an embedded
     * metastore needs. A key already set in {@code base} wins, except that the task JVM options always
     * get the add-opens flags.
     */
    /**
     * System property: comma-separated jars or directories, present at the same path on every node,
     * that hold Hive's task-side classes (set by {@code bin/hive-bench} in pre-installed mode).
     */
    public static final String TASK_CLASSPATH_PROPERTY = "hive-bench.task-classpath";

    public static HiveConf hiveConf(Configuration base, Path runDir) {
        HiveConf c = new HiveConf(base, HiveRunner.class);
        Path dir = runDir.toAbsolutePath();
        boolean localFs = base.get("fs.defaultFS", "file:///").startsWith("file:");
        boolean localJobs = "local".equals(base.get("mapreduce.framework.name", "local"));

        def(c, base, "javax.jdo.option.ConnectionURL",
                "jdbc:derby:;databaseName=" + dir.resolve("metastore_db") + ";create=true");
        def(c, base, "javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        def(c, base, "datanucleus.schema.autoCreateAll", "true");
        def(c, base, "hive.metastore.schema.verification", "false");
        def(c, base, "hive.metastore.uris", "");
        def(c, base, "hive.metastore.try.direct.sql", "false");
        def(c, base, "hive.metastore.event.db.notification.api.auth", "false");
        def(c, base, "hive.metastore.warehouse.dir", localFs ? dir.resolve("warehouse").toUri().toString() : "/user/hive/warehouse");
        def(c, base, "hive.metastore.warehouse.external.dir",
                localFs ? dir.resolve("external").toUri().toString() : "/user/hive/external");
        def(c, base, "hive.exec.scratchdir", localFs ? dir.resolve("scratch").toString() : "/tmp/hive");
        def(c, base, "hive.exec.local.scratchdir", dir.resolve("local-scratch").toString());
        def(c, base, "hive.downloaded.resources.dir", dir.resolve("resources").toString());
        def(c, base, "hive.querylog.location", dir.resolve("querylog").toString());
        def(c, base, "hive.server2.logging.operation.log.location", dir.resolve("operation-logs").toString());
        def(c, base, "hadoop.tmp.dir", dir.resolve("hadoop-tmp").toString());

        def(c, base, "hive.execution.engine", "mr");
        // CombineHiveInputFormat packs a small table into one split and hides data locality.
        def(c, base, "hive.input.format", "org.apache.hadoop.hive.ql.io.HiveInputFormat");
        def(c, base, "hive.exec.mode.local.auto", "false");
        // Map-join hash tables are built in this JVM, not by forking `hadoop jar` (there is no Hadoop install).
        def(c, base, "hive.exec.submit.local.task.via.child", "false");
        def(c, base, "hive.exec.submitviachild", "false");
        def(c, base, "hive.stats.autogather", "false");
        def(c, base, "hive.stats.column.autogather", "false");
        def(c, base, "hive.support.concurrency", "false");
        def(c, base, "hive.mapred.mode", "nonstrict");
        def(c, base, "hive.exec.reducers.bytes.per.reducer", Long.toString(64L << 20));
        def(c, base, "hive.query.reexecution.enabled", "false");

        c.set("mapreduce.map.java.opts", JvmOptions.withOpens(base.get("mapreduce.map.java.opts")));
        c.set("mapreduce.reduce.java.opts", JvmOptions.withOpens(base.get("mapreduce.reduce.java.opts")));
        if (!localJobs && base.get("hive.aux.jars.path") == null) {
            // Hadoop 3.5.0's lib has no commons-collections 3, which Hive's task side loads.
            String jar = jarOf(CollectionUtils.class);
            if (jar != null) {
                c.set("hive.aux.jars.path", jar);
            }
        }
        if (localJobs) {
            def(c, base, "mapreduce.task.io.sort.mb", "32");
        }
        String preinstalled = System.getProperty(TASK_CLASSPATH_PROPERTY, "");
        if (!localJobs && !preinstalled.isBlank()) {
            // Hive installed on every node (bin/hive-bench --preinstalled-hive): its jars join the task
            // classpath, and because this JVM loaded Hive from a directory, Hive sets no job jar, so no
            // job uploads and localises the 90 MB hive-exec jar (minutes per job on a 20 Mbit/s fabric).
            String current = c.get("mapreduce.application.classpath", "");
            c.set("mapreduce.application.classpath", current.isBlank() ? preinstalled : current + "," + preinstalled);
        }
        return c;
    }

    private static void def(HiveConf c, Configuration base, String key, String value) {
        if (base.get(key) == null) {
            c.set(key, value);
        }
    }

    static String jarOf(Class<?> cls) {
        try {
            var src = cls.getProtectionDomain().getCodeSource();
            if (src == null || src.getLocation() == null) {
                return null;
            }
            Path p = Path.of(src.getLocation().toURI());
            return p.toString().endsWith(".jar") ? p.toUri().toString() : null;
        } catch (URISyntaxException | SecurityException e) {
            return null;
        }
    }

    public HiveConf conf() {
        return conf;
    }

    public Path runDir() {
        return runDir;
    }

    /** Creates the TPC-H database and its eight external tables over {@code dataUri} (see tpch/ddl.sql). */
    public void createTpchTables(String dataUri, String database) throws HiveQueryException {
        for (String stmt : TpchQueries.hiveDdl(dataUri, database)) {
            execute(stmt);
        }
    }

    /** Runs one statement for its effect (DDL, USE, SET k=v). */
    public void execute(String statement) throws HiveQueryException {
        checkThread();
        if (applySet(statement)) {
            return;
        }
        IDriver driver = DriverFactory.newDriver(session.getConf());
        try {
            driver.run(statement);
        } catch (CommandProcessorException e) {
            throw new HiveQueryException(statement, e);
        } finally {
            driver.close();
            driver.destroy();
        }
    }

    /**
     * Runs a script (statements separated by ';', {@code --} comments) and returns the rows of its last
     * statement, the time the whole script took and the MapReduce jobs it ran.
     */
    public QueryRun run(String name, String script) throws HiveQueryException {
        checkThread();
        List<String> statements = TpchQueries.statements(script);
        if (statements.isEmpty()) {
            throw new IllegalArgumentException(name + ": no statement");
        }
        long start = System.nanoTime();
        List<JobFigures> jobs = new ArrayList<>();
        ResultTable result = new ResultTable(List.of(), List.of(), List.of());
        for (int i = 0; i < statements.size(); i++) {
            String stmt = statements.get(i);
            if (applySet(stmt)) {
                continue;
            }
            IDriver driver = DriverFactory.newDriver(session.getConf());
            try {
                driver.setMaxRows(10_000);
                driver.run(stmt);
                jobs.addAll(jobFigures(driver.getQueryDisplay()));
                if (i == statements.size() - 1) {
                    result = fetch(driver);
                }
            } catch (CommandProcessorException e) {
                throw new HiveQueryException(name, e);
            } catch (IOException e) {
                throw new HiveQueryException(name + ": fetching results failed: " + e, e);
            } finally {
                driver.close();
                driver.destroy();
            }
        }
        return new QueryRun(name, result, (System.nanoTime() - start) / 1_000_000, jobs);
    }

    private boolean applySet(String stmt) {
        String s = stmt.strip();
        if (!s.toLowerCase(Locale.ROOT).startsWith("set ")) {
            return false;
        }
        String kv = s.substring(4).strip();
        int eq = kv.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException("only SET key=value is supported: " + stmt);
        }
        session.getConf().set(kv.substring(0, eq).strip(), kv.substring(eq + 1).strip());
        return true;
    }

    private static ResultTable fetch(IDriver driver) throws IOException {
        Schema schema = driver.getSchema();
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        if (schema != null && schema.getFieldSchemas() != null) {
            for (FieldSchema f : schema.getFieldSchemas()) {
                String n = f.getName();
                int dot = n.lastIndexOf('.');
                names.add(dot >= 0 ? n.substring(dot + 1) : n);
                types.add(f.getType() == null ? "" : f.getType().toLowerCase(Locale.ROOT));
            }
        }
        List<List<String>> rows = new ArrayList<>();
        List<Object> batch = new ArrayList<>();
        while (driver.getResults(batch)) {
            for (Object o : batch) {
                String line = String.valueOf(o);
                String[] cells = line.split("\t", -1);
                List<String> row = new ArrayList<>(cells.length);
                for (String cell : cells) {
                    row.add(cell.equals("NULL") || cell.equals("\\N") ? null : cell);
                }
                rows.add(row);
            }
            batch.clear();
        }
        return new ResultTable(names, types, rows);
    }

    private List<JobFigures> jobFigures(QueryDisplay display) {
        Map<String, MapRedStats> stats = session.getMapRedStats();
        if (stats == null || stats.isEmpty()) {
            return List.of();
        }
        Map<String, QueryDisplay.TaskDisplay> tasks = new LinkedHashMap<>();
        if (display != null) {
            for (QueryDisplay.TaskDisplay t : display.getTaskDisplays()) {
                tasks.put(t.getTaskId(), t);
            }
        }
        List<JobFigures> out = new ArrayList<>();
        for (Map.Entry<String, MapRedStats> e : stats.entrySet()) {
            MapRedStats s = e.getValue();
            QueryDisplay.TaskDisplay t = tasks.get(e.getKey());
            long begin = t == null || t.getBeginTime() == null ? -1 : t.getBeginTime();
            long end = t == null || t.getEndTime() == null ? -1 : t.getEndTime();
            out.add(new JobFigures(e.getKey(), s.getJobId(), s.isSuccess(), s.getNumMap(), s.getNumReduce(),
                    s.getCpuMSec(), begin, end, counters(s.getCounters())));
        }
        return out;
    }

    private static Map<String, Long> counters(Counters counters) {
        if (counters == null) {
            return Map.of();
        }
        Map<String, Long> out = new LinkedHashMap<>();
        for (Counters.Group g : counters) {
            for (Counters.Counter c : g) {
                out.put(g.getName() + "::" + c.getName(), c.getValue());
            }
        }
        return Collections.unmodifiableMap(out);
    }

    private void checkThread() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("a HiveRunner is used on the thread that created it (Hive's session is thread-local)");
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (IOException e) {
            console.println("closing the Hive session: " + e);
        } finally {
            Hive.closeCurrent();
            console.close();
        }
    }
}
