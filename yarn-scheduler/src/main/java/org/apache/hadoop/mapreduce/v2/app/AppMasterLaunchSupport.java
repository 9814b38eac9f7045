package org.apache.hadoop.mapreduce.v2.app;

import java.lang.reflect.Field;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two package-level pieces of {@link MRAppMaster#main} that a subclass launched through its own
 * {@code main} needs (Hadoop 3.5.0): the stock shutdown hook, and the flag that tells the AM it was
 * started from a main method, so that it exits the JVM when the job is over instead of behaving as
 * in a unit test.
 */
public final class AppMasterLaunchSupport {
    private static final Logger LOG = LoggerFactory.getLogger(AppMasterLaunchSupport.class);

    private AppMasterLaunchSupport() {
    }

    /** The hook stock {@code main} registers: signal, stop, abort the job's uncommitted output. */
    public static Runnable stockShutdownHook(MRAppMaster appMaster) {
        return new MRAppMaster.MRAppMasterShutdownHook(appMaster);
    }

    /** What stock {@code main} records first; without it the AM would not end its JVM. */
    public static void markStartedFromMain() {
        try {
            Field f = MRAppMaster.class.getDeclaredField("mainStarted");
            f.setAccessible(true);
            f.setBoolean(null, true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warn("MRAppMaster has no mainStarted flag (written for Hadoop 3.5.0); the AM may outlive its job"
                    + " until the NodeManager stops it: {}", e.toString());
        }
    }
}
