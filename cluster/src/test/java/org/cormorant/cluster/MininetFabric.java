package org.cormorant.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A fabric file brought up in Mininet by {@code cluster/mininet/fabric_up.py}, for end-to-end
 * tests. Commands run inside hosts through {@code cluster/mininet/in-host.sh}; {@link #close()}
 * stops the launcher and runs {@code cluster/cleanup.sh}, whose verdict is kept for the test.
 */
final class MininetFabric implements AutoCloseable {
    static final Path REPO = Path.of(System.getProperty("cormorant.repo", "..")).toAbsolutePath().normalize();

    private final Process launcher;
    private final Path stateDir;
    private final Path log;
    private String cleanupReport = "";
    private int cleanupStatus = -1;

    private MininetFabric(Process launcher, Path stateDir, Path log) {
        this.launcher = launcher;
        this.stateDir = stateDir;
        this.log = log;
    }

    /** Starts the fabric; {@code extraArgs} e.g. {@code --ecmp-flows FILE} or {@code --controller IP:PORT}. */
    static MininetFabric start(Path fabricFile, Path runDir, String... extraArgs) throws IOException, InterruptedException {
        Files.createDirectories(runDir);
        Path stateDir = runDir.resolve("mininet");
        Path log = runDir.resolve("fabric_up.log");
        List<String> command = new ArrayList<>(List.of("/usr/bin/python3",
                REPO.resolve("cluster/mininet/fabric_up.py").toString(), "--fabric", fabricFile.toString(),
                "--state", stateDir.toString()));
        command.addAll(List.of(extraArgs));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        MininetFabric fabric = new MininetFabric(p, stateDir, log);
        // Our stdin pipe stays open while the test runs: the launcher tears down when it closes.
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder text = new StringBuilder();
        String line;
        while ((line = out.readLine()) != null) {
            if (!line.contains("sch_htb: quantum")) {
                text.append(line).append('\n');
            }
            if (line.startsWith("READY")) {
                Files.writeString(log, text.toString());
                Thread drain = new Thread(() -> {
                    try {
                        out.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException ignored) {
                        // launcher gone
                    }
                }, "fabric_up-output");
                drain.setDaemon(true);
                drain.start();
                return fabric;
            }
        }
        Files.writeString(log, text.toString());
        fabric.close();
        throw new IOException("fabric_up.py exited before READY:\n" + text);
    }

    /** Runs a command in a host's namespace; returns its exit status and output. */
    Result exec(String host, long timeoutSeconds, String... command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>(List.of(REPO.resolve("cluster/mininet/in-host.sh").toString(), host));
        full.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(full).redirectErrorStream(true);
        pb.environment().put("CORMORANT_STATE", stateDir.toString());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, new String(out, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /** Starts a command in a host without waiting for it. */
    Process spawn(String host, Path output, String... command) throws IOException {
        List<String> full = new ArrayList<>(List.of(REPO.resolve("cluster/mininet/in-host.sh").toString(), host));
        full.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().put("CORMORANT_STATE", stateDir.toString());
        return pb.start();
    }

    record Result(int status, String output) {
    }

    String cleanupReport() {
        return cleanupReport;
    }

    int cleanupStatus() {
        return cleanupStatus;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        // cleanup.sh first, while the hosts' shells are alive: it finds every process in their
        // namespaces (iperf3, daemons a test left running), then stops the launcher and kills them.
        // Stopping the launcher first would end the shells and orphan those processes.
        Process cleanup = new ProcessBuilder(REPO.resolve("cluster/cleanup.sh").toString(), stateDir.toString())
                .redirectErrorStream(true).start();
        cleanupReport = new String(cleanup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        cleanupStatus = cleanup.waitFor(120, TimeUnit.SECONDS) ? cleanup.exitValue() : -1;
        launcher.getOutputStream().close();
        if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
            launcher.destroy();
        }
    }
}
