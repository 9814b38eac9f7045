package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.cormorant.nim.api.NimJson;
import org.junit.jupiter.api.Test;

/**
 * Real Hadoop daemons inside the emulated testbed: NameNode and ResourceManager on n0, a DataNode
 * and a NodeManager on each of the six workers, the standalone NIM on n0 as the fabric's flow
 * scheduler, both Cormorant plugins in collaborative mode. A file written from n0 is read back on
 * n5 intact; the NameNode ordered the replicas with the NIM, and the read's path was reserved.
 */
class HadoopOnMininetIT {
    private static final String NIM = "http://10.0.0.1:7070";

    @Test
    void hdfsOverTheEmulatedFabricWithBothPluginsOn() throws Exception {
        java.nio.file.Path run = MininetFabric.REPO.resolve("run/it-hadoop");
        java.nio.file.Path fabricFile = MininetFabric.REPO.resolve("cluster/fabrics/testbed.json");
        java.nio.file.Path hadoopRun = run.resolve("hadoop");
        MininetFabric mininet = MininetFabric.start(fabricFile, run);
        Process nim = null;
        try {
            nim = mininet.spawn("n0", run.resolve("nim.log"), MininetFabric.REPO.resolve("bin/cormorant-nim").toString(),
                    "serve", "--fabric", fabricFile.toString(), "--ovs", "all", "--install-flows",
                    "--bind", "10.0.0.1", "--port", "7070", "--poll-ms", "2000");
            waitUntil(() -> mininet.exec("n7", 5, "ping", "-c", "1", "-W", "1", "10.0.0.1").status() == 0, 60,
                    "the NIM's ECMP flows connect the fabric");
            Process start = new ProcessBuilder("/usr/bin/python3",
                    MininetFabric.REPO.resolve("cluster/hadoop/hadoop_cluster.py").toString(), "start",
                    "--fabric-state", run.resolve("mininet").toString(), "--run-dir", hadoopRun.toString(),
                    "--nim", NIM, "--scheduler-mode", "collaborative", "--replica-mode", "collaborative",
                    "--replication", "2", "--timeout", "400").redirectErrorStream(true).start();
            String started = new String(start.getInputStream().readAllBytes());
            assertTrue(start.waitFor(450, TimeUnit.SECONDS) && start.exitValue() == 0, started);

            byte[] data = new byte[6_000_000];
            new Random(5).nextBytes(data);
            java.nio.file.Path local = run.resolve("blob");
            Files.write(local, data);
            assertEquals(0, fsShell(mininet, "n0", hadoopRun, "-put", "-f", local.toString(), "/blob").status());
            java.nio.file.Path back = run.resolve("blob-read-on-n5");
            Files.deleteIfExists(back);
            MininetFabric.Result get = fsShell(mininet, "n5", hadoopRun, "-get", "/blob", back.toString());
            assertEquals(0, get.status(), get.output());
            assertArrayEquals(data, Files.readAllBytes(back));

            // JMX serves a metrics2 source's values from a cache refreshed at most once per metrics
            // period (10 s), so the counters of a read just made may show up a period later.
            String bean = "Hadoop:service=NameNode,name=CormorantReplicaSelector";
            JsonNode selector = jmx(mininet, bean);
            for (int i = 0; i < 60 && selector.path("NimOrderedSorts").asLong() == 0; i++) {
                Thread.sleep(500);
                selector = jmx(mininet, bean);
            }
            assertEquals(0, selector.path("Fallback").asInt(), selector.toString());
            assertTrue(selector.path("NimOrderedSorts").asLong() > 0, selector.toString());
            MininetFabric.Result reservations = mininet.exec("n0", 10, "curl", "-fs", NIM + "/v1/reservations");
            System.out.println("NameNode selector: " + selector + "\nNIM reservations: " + reservations.output());
        } finally {
            new ProcessBuilder("/usr/bin/python3", MininetFabric.REPO.resolve("cluster/hadoop/hadoop_cluster.py").toString(),
                    "stop", "--run-dir", hadoopRun.toString()).inheritIO().start().waitFor(60, TimeUnit.SECONDS);
            if (nim != null) {
                nim.destroy();
                nim.waitFor(20, TimeUnit.SECONDS);
            }
            mininet.close();
        }
        assertEquals(0, mininet.cleanupStatus(), mininet.cleanupReport());
    }

    private static MininetFabric.Result fsShell(MininetFabric mininet, String host, java.nio.file.Path hadoopRun,
                                                String... args) throws Exception {
        String dist = MininetFabric.REPO.resolve("hadoop-dist/target/hadoop").toString();
        String cp = hadoopRun.resolve(host).resolve("conf") + ":" + dist + "/plugins/*:" + dist + "/lib/*";
        if (!Files.isDirectory(hadoopRun.resolve(host).resolve("conf"))) {
            cp = hadoopRun.resolve("n1").resolve("conf") + ":" + dist + "/plugins/*:" + dist + "/lib/*";
        }
        List<String> command = new java.util.ArrayList<>(List.of("java", "-Xmx256m", "-cp", cp,
                "org.apache.hadoop.fs.FsShell"));
        command.addAll(List.of(args));
        return mininet.exec(host, 300, command.toArray(String[]::new));
    }

    private static JsonNode jmx(MininetFabric mininet, String bean) throws Exception {
        MininetFabric.Result r = mininet.exec("n0", 10, "curl", "-fs", "http://10.0.0.1:9870/jmx?qry=" + bean);
        return NimJson.mapper().readTree(r.output()).path("beans").path(0);
    }

    interface Check {
        boolean ok() throws Exception;
    }

    private static void waitUntil(Check check, int seconds, String what) throws Exception {
        for (int i = 0; i < seconds * 2; i++) {
            if (check.ok()) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("timed out waiting until " + what);
    }
}
