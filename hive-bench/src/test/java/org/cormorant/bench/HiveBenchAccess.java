package org.cormorant.bench;

import picocli.CommandLine;

/** hive-bench's command line for tests in other packages (HiveBench.commandLine() is package-private). */
public final class HiveBenchAccess {

    private HiveBenchAccess() {
    }

    public static CommandLine commandLine() {
        return HiveBench.commandLine();
    }
}
