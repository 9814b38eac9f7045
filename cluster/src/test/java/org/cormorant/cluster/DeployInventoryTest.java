package org.cormorant.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster/deploy/cormorant-deploy render}: an inventory becomes each host's configuration,
 * and a bad inventory is refused with the file and line of the problem. No hosts needed.
 */
class DeployInventoryTest {
    private static final String DEPLOY = MininetFabric.REPO.resolve("cluster/deploy/cormorant-deploy").toString();

    @TempDir
    Path dir;

    @Test
    void rendersEveryHostsConfigurationFromTheTemplates() throws Exception {
        Path inventory = write("""
                # a comment line
                master  nn=10.9.0.1
                worker  w1=10.9.0.2 w2=10.9.0.3   # trailing comment
                worker  w3=10.9.0.4
                dir     /srv/cormorant
                nim     http://10.9.0.100:7070
                scheduler-mode collaborative
                replica-mode   independent
                replication 2
                block-size  64m
                nm-memory-mb 2048
                """);
        Command.Result r = render(inventory);
        assertEquals(0, r.status(), r.output());
        for (String host : new String[] {"nn", "w1", "w2", "w3"}) {
            assertTrue(Files.isRegularFile(dir.resolve("out").resolve(host).resolve("conf/hdfs-site.xml")), host);
        }
        String hdfs = Files.readString(dir.resolve("out/w2/conf/hdfs-site.xml"));
        assertTrue(hdfs.contains("<name>dfs.datanode.address</name><value>10.9.0.3:9866</value>"), hdfs);
        assertTrue(hdfs.contains("<name>dfs.namenode.rpc-address</name><value>10.9.0.1:9000</value>"), hdfs);
        assertTrue(hdfs.contains("<name>dfs.replication</name><value>2</value>"), hdfs);
        assertTrue(hdfs.contains("<name>dfs.blocksize</name><value>64m</value>"), hdfs);
        assertTrue(hdfs.contains("<value>/srv/cormorant/hosts/w2/dn</value>"), hdfs);
        assertTrue(hdfs.contains("org.cormorant.hdfs.CormorantNetworkTopology"), hdfs);
        String core = Files.readString(dir.resolve("out/nn/conf/core-site.xml"));
        assertTrue(core.contains("<name>cormorant.nim.address</name><value>http://10.9.0.100:7070</value>"), core);
        String yarn = Files.readString(dir.resolve("out/w3/conf/yarn-site.xml"));
        assertTrue(yarn.contains("org.cormorant.yarn.NetworkAwareCapacityScheduler"), yarn);
        assertTrue(yarn.contains("<name>yarn.nodemanager.resource.memory-mb</name><value>2048</value>"), yarn);
        assertTrue(yarn.contains("/srv/cormorant/hadoop/plugins/*"), yarn);
        assertTrue(!yarn.contains("@@"), yarn);
    }

    @Test
    void refusesABadInventoryNamingTheLine() throws Exception {
        String head = "master m=10.0.0.1\nworker a=10.0.0.2 b=10.0.0.3 c=10.0.0.5\n";
        expectRefused(head + "replicas 2\n", ":3: unknown key 'replicas'");
        expectRefused(head + "replication 4\n", ":3: replication 4 is more than the 3 workers");
        expectRefused("master m=10.0.0.1\nworker a=10.0.0.2\n", "replication (default) 3 is more than the 1 workers");
        expectRefused(head + "replica-mode fast\n", ":3: replica-mode must be one of stock, independent, collaborative");
        expectRefused(head + "scheduler-mode collaborative\n", ":3: the Cormorant plugins need the NIM");
        expectRefused(head + "nim restconf+http://10.0.0.9:8181/rests\n", ":3: the NIM in OpenDaylight needs 'nim-token-file");
        expectRefused(head + "nim controller\n", ":3: nim controller needs a 'controller HOST' line");
        expectRefused(head + "block-size 100k\n", ":3: block-size must be at least 1048576 bytes");
        expectRefused(head + "worker b=10.0.0.4\n", ":3: worker b is listed twice (also on line 2)");
        expectRefused(head + "master x\n", ":3: second master line (the first is line 1)");
        expectRefused(head + "nim-token-file missing-file\n", ":3: nim-token-file ");
        expectRefused("worker a=10.0.0.2\n", "no 'master HOST' line");
        expectRefused("master m=10.0.0.1\n", "no 'worker HOST...' line");
        expectRefused("master m/1\n", ":1: 'm/1' is not a host (NAME or NAME=ADDRESS)");
    }

    private void expectRefused(String text, String message) throws Exception {
        Command.Result r = render(write(text));
        assertEquals(2, r.status(), text + "\n" + r.output());
        assertTrue(r.output().contains("cormorant-deploy: inventory " + dir.resolve("inventory")), r.output());
        assertTrue(r.output().contains(message), "expected '" + message + "' in: " + r.output());
    }

    private Path write(String text) throws Exception {
        return Files.writeString(dir.resolve("inventory"), text);
    }

    private Command.Result render(Path inventory) throws Exception {
        return Command.run(dir.resolve("render.log"), 60, "/usr/bin/python3", DEPLOY, "-i", inventory.toString(),
                "render", "--out", dir.resolve("out").toString());
    }
}
