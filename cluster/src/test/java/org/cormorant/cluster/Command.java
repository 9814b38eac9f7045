package org.cormorant.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a project script to completion for a test, its output kept in a log file and returned. */
final class Command {
    private Command() {
    }

    record Result(int status, String output) {
    }

    static Result run(Path log, int timeoutSeconds, String... command) throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
            return new Result(-1, "timed out after " + timeoutSeconds + " s: " + String.join(" ", command) + "\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
