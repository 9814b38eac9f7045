package org.cormorant.bench.hive;

/**
 * JVM flags Hive 4.1.0 and Hadoop 3.5.0 need on Java 17: Hive's Kryo plan serialization and Hadoop's
 * reflection reach into these JDK packages. The same list is the {@code hive.opens} property of this
 * module's pom (the test JVMs) and goes into {@code mapreduce.map.java.opts} and
 * {@code mapreduce.reduce.java.opts} (the task JVMs on a cluster). Keep the two in step.
 */
public final class JvmOptions {

    public static final String ADD_OPENS = String.join(" ",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.math=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.regex=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "--add-opens=java.sql/java.sql=ALL-UNNAMED");

    /** Heap of a map or reduce task JVM unless the configuration says otherwise. */
    public static final String DEFAULT_TASK_HEAP = "-Xmx384m";

    private JvmOptions() {
    }

    /** {@code opts} with the add-opens flags appended when it has none. */
    public static String withOpens(String opts) {
        String base = opts == null || opts.isBlank() ? DEFAULT_TASK_HEAP : opts.strip();
        return base.contains("--add-opens") ? base : base + " " + ADD_OPENS;
    }

    /** Whether this JVM was started with the flags (checked on one of them). */
    public static boolean presentInThisJvm() {
        return Object.class.getModule().isOpen("java.util.concurrent.atomic", JvmOptions.class.getModule());
    }
}
