package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.cormorant.nim.api.NimJson;
import org.junit.jupiter.api.Test;

/**
 * The deploy scripts an operator runs against real hosts ({@code cluster/deploy/cormorant-deploy}),
 * run against the hosts of the emulated testbed: {@code --transport mininet} sends the very command
 * strings ssh would send, into each host's network namespace. check, push, start (HDFS formatted on
 * first start, daemons by PID file), status from the NameNode's JMX and the ResourceManager's REST
 * API, a file written on one worker and read on another through the deployed jars and configuration,
 * the Cormorant plugins loaded, the refusals (push or check while running), stop by PID, clean.
 */
class DeployOnMininetIT {
    private static final Path REPO = MininetFabric.REPO;
    private static final String DEPLOY = REPO.resolve("cluster/deploy/cormorant-deploy").toString();

    @Test
    void deployStartStatusStopAndCleanOnTheEmulatedHosts() throws Exception {
        Path run = REPO.resolve("run/it-deploy");
        Path target = run.resolve("target");   // the hosts' deployment directory (they share this file system)
        deleteTree(target);
        Path fabricFile = REPO.resolve("cluster/fabrics/testbed.json");
        Path inventory = Files.createDirectories(run).resolve("inventory");
        Files.writeString(inventory, String.join("\n",
                "# written by DeployOnMininetIT; addresses come from the fabric's state.json",
                "master n0",
                "worker n1 n3 n5",
                "dir " + target,
                "nim http://10.0.0.1:7070",
                "scheduler-mode independent",
                "replica-mode independent",
                "replication 2",
                "block-size 1m",
                "nm-memory-mb 1536",
                "nm-vcores 3",
                "namenode-heap 384m",
                "resourcemanager-heap 512m",
                "datanode-heap 192m",
                "nodemanager-heap 256m", ""));
        MininetFabric mininet = MininetFabric.start(fabricFile, run);
        Process nim = null;
        List<Long> pids = new ArrayList<>();
        try {
            // The NIM installs the fabric's ECMP flows (and is what the plugins ask).
            nim = mininet.spawn("n0", run.resolve("nim.log"), REPO.resolve("bin/cormorant-nim").toString(),
                    "serve", "--fabric", fabricFile.toString(), "--ovs", "all", "--install-flows",
                    "--bind", "10.0.0.1", "--port", "7070", "--poll-ms", "2000");
            for (int i = 0; i < 120 && mininet.exec("n5", 5, "ping", "-c", "1", "-W", "1", "10.0.0.1").status() != 0; i++) {
                Thread.sleep(500);
            }
            Path state = run.resolve("mininet");

            Command.Result check = deploy(run, state, inventory, "check", 120);
            assertEquals(0, check.status(), check.output());
            assertTrue(check.output().contains("check: all passed"), check.output());

            Command.Result push = deploy(run, state, inventory, "push", 600);
            assertEquals(0, push.status(), push.output());
            assertTrue(Files.isRegularFile(target.resolve("hosts/n3/conf/hdfs-site.xml")), push.output());
            assertTrue(Files.isDirectory(target.resolve("hadoop/lib")), push.output());

            Command.Result start = deploy(run, state, inventory, "start --wait 360", 600);
            assertEquals(0, start.status(), start.output());
            assertTrue(start.output().contains("formatting HDFS"), start.output());
            assertTrue(start.output().contains("3/3 DataNodes live, operational"), start.output());

            Command.Result status = deploy(run, state, inventory, "status --json", 120);
            assertEquals(0, status.status(), status.output());
            JsonNode json = NimJson.mapper().readTree(status.output());
            assertTrue(json.path("ready").asBoolean(), status.output());
            assertEquals(3, json.path("hdfs").path("liveDataNodes").asInt(), status.output());
            assertEquals(3, json.path("yarn").path("activeNodeManagers").asInt(), status.output());
            assertEquals(8, json.path("daemons").size(), status.output());
            for (JsonNode d : json.path("daemons")) {
                assertEquals("running", d.path("state").asText(), status.output());
                pids.add(d.path("pid").asLong());
            }

            // Written on n1, read on n5, with the deployed jars and n1's/n5's rendered configuration.
            byte[] data = new byte[3_000_000];
            new Random(7).nextBytes(data);
            Path blob = Files.write(run.resolve("blob"), data);
            MininetFabric.Result put = fsShell(mininet, target, "n1", "-put", "-f", blob.toString(), "/deploy-blob");
            assertEquals(0, put.status(), put.output());
            Path back = run.resolve("blob-read-on-n5");
            Files.deleteIfExists(back);
            MininetFabric.Result get = fsShell(mininet, target, "n5", "-get", "/deploy-blob", back.toString());
            assertEquals(0, get.status(), get.output());
            assertArrayEquals(data, Files.readAllBytes(back));
            // The inventory's modes reached the daemons: the NameNode runs Cormorant's replica selector.
            MininetFabric.Result jmx = mininet.exec("n0", 10, "curl", "-fs",
                    "http://10.0.0.1:9870/jmx?qry=Hadoop:service=NameNode,name=CormorantReplicaSelector");
            assertTrue(NimJson.mapper().readTree(jmx.output()).path("beans").size() == 1, jmx.output());

            Command.Result pushWhileUp = deploy(run, state, inventory, "push", 120);
            assertEquals(2, pushWhileUp.status(), pushWhileUp.output());
            assertTrue(pushWhileUp.output().contains("stop the cluster before pushing jars"), pushWhileUp.output());
            Command.Result checkWhileUp = deploy(run, state, inventory, "check", 120);
            assertEquals(1, checkWhileUp.status(), checkWhileUp.output());
            assertTrue(checkWhileUp.output().contains("ports free    FAIL in use:")
                    && checkWhileUp.output().contains("9000 9870"), checkWhileUp.output());

            Command.Result stop = deploy(run, state, inventory, "stop", 300);
            assertEquals(0, stop.status(), stop.output());
            for (long pid : pids) {
                assertTrue(exited(pid), "pid " + pid + " still running after stop");
            }
            Command.Result after = deploy(run, state, inventory, "status --json", 120);
            assertEquals(1, after.status(), after.output());
            for (JsonNode d : NimJson.mapper().readTree(after.output()).path("daemons")) {
                assertEquals("stopped", d.path("state").asText(), after.output());
            }
            Command.Result clean = deploy(run, state, inventory, "clean", 120);
            assertEquals(0, clean.status(), clean.output());
            assertFalse(Files.exists(target), clean.output());
            System.out.println(check.output() + push.output() + start.output() + stop.output() + clean.output());
        } finally {
            if (Files.exists(target)) {
                deploy(run, run.resolve("mininet"), inventory, "stop", 300);
            }
            if (nim != null) {
                nim.destroy();
                nim.waitFor(20, java.util.concurrent.TimeUnit.SECONDS);
            }
            mininet.close();
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
    }

    private static Command.Result deploy(Path run, Path state, Path inventory, String command, int timeoutSeconds)
            throws Exception {
        List<String> argv = new ArrayList<>(List.of("/usr/bin/python3", DEPLOY, "-i", inventory.toString(),
                "--transport", "mininet", "--mininet-state", state.toString()));
        argv.addAll(List.of(command.split(" ")));
        return Command.run(run.resolve("deploy-" + command.split(" ")[0] + ".log"), timeoutSeconds,
                argv.toArray(String[]::new));
    }

    private static MininetFabric.Result fsShell(MininetFabric mininet, Path target, String host, String... args)
            throws Exception {
        String cp = target.resolve("hosts").resolve(host).resolve("conf") + ":" + target.resolve("hadoop/plugins") + "/*:"
                + target.resolve("hadoop/lib") + "/*";
        List<String> command = new ArrayList<>(List.of("java", "-Xmx256m", "-cp", cp, "org.apache.hadoop.fs.FsShell"));
        command.addAll(List.of(args));
        return mininet.exec(host, 300, command.toArray(String[]::new));
    }

    /** Gone, or a zombie waiting for its parent (init here: the daemons' launcher has exited). */
    private static boolean exited(long pid) throws Exception {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            return Files.readAllLines(status).stream().anyMatch(l -> l.matches("State:\\s+Z.*"));
        } catch (java.nio.file.NoSuchFileException e) {
            return true;
        }
    }

    private static void deleteTree(Path root) throws Exception {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
