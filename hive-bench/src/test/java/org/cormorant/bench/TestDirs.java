package org.cormorant.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where tests put generated data and Hive run directories: target/test-runs (or -Dhivebench.runRoot). */
public final class TestDirs {

    private TestDirs() {
    }

    public static Path root() throws IOException {
        Path p = Path.of(System.getProperty("hivebench.runRoot", "target/test-runs")).toAbsolutePath();
        Files.createDirectories(p);
        return p;
    }

    /** A fresh (emptied) directory under the root. */
    public static Path fresh(String name) throws IOException {
        Path p = root().resolve(name);
        if (Files.exists(p)) {
            try (var s = Files.walk(p)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(q -> q.toFile().delete());
            }
        }
        Files.createDirectories(p);
        return p;
    }
}
