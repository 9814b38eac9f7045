package org.cormorant.hdfs;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.metrics.DataNodeMetrics;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;

/**
 * A MiniDFSCluster whose DataNodes live on distinct loopback addresses (DataNode i on
 * 127.0.0.{2+i}: it listens there and reaches the NameNode from there), with the Cormorant topology
 * pointed at a NIM, and a matching fabric: each DataNode and the reader host 127.0.0.10 hang off
 * their own leaf switch under two spines, 1 Gbit/s links.
 */
final class MiniCluster implements AutoCloseable {
    static final String READER = "127.0.0.10";
    static final int BLOCK = 1024 * 1024;

    final MiniDFSCluster cluster;
    final Configuration conf;

    static String address(int i) {
        return "127.0.0." + (2 + i);
    }

    /** dn0..dn{n-1} at 127.0.0.2.., reader at 127.0.0.10. */
    static Fabric fabric(int dataNodes) {
        FabricBuilder b = new FabricBuilder("minicluster").addSwitch("s1", null).addSwitch("s2", null);
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < dataNodes; i++) {
            hosts.add("dn" + i);
        }
        hosts.add("reader");
        for (int i = 0; i < hosts.size(); i++) {
            String leaf = "l" + i;
            String address = hosts.get(i).equals("reader") ? READER : address(i);
            b.addSwitch(leaf, null).addHost(hosts.get(i), address)
                    .connect(leaf, "s1", 1e9).connect(leaf, "s2", 1e9).connect(hosts.get(i), leaf, 1e9);
        }
        return b.build();
    }

    /** Cluster configuration with the plugin on; {@code extra} are key/value pairs. */
    static Configuration pluginConf(String nimUrl, String... extra) {
        Configuration conf = new HdfsConfiguration();
        conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, CormorantNetworkTopology.class.getName());
        conf.set("cormorant.nim.address", nimUrl);
        conf.setLong("cormorant.nim.refresh-ms", 200);
        conf.setLong("cormorant.nim.timeout-ms", 1000);
        conf.setLong("cormorant.nim.max-age-ms", 3000);
        for (int i = 0; i < extra.length; i += 2) {
            conf.set(extra[i], extra[i + 1]);
        }
        conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
        conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 3);
        conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
        conf.setInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, 4);
        conf.setInt(DFSConfigKeys.DFS_DATANODE_HANDLER_COUNT_KEY, 2);
        return conf;
    }

    static File baseDir(String name) {
        return new File("target/minicluster/" + name + "-" + System.nanoTime());
    }

    MiniCluster(Configuration conf, String name, int dataNodes) throws IOException {
        this.conf = conf;
        Configuration[] overlays = new Configuration[dataNodes];
        for (int i = 0; i < dataNodes; i++) {
            Configuration overlay = new Configuration(false);
            overlay.set(DFSConfigKeys.DFS_DATANODE_ADDRESS_KEY, address(i) + ":0");
            overlay.set(DFSConfigKeys.DFS_DATANODE_HTTP_ADDRESS_KEY, address(i) + ":0");
            overlay.set(DFSConfigKeys.DFS_DATANODE_IPC_ADDRESS_KEY, address(i) + ":0");
            overlay.set("hadoop.rpc.socket.factory.class.default", BoundSocketFactory.class.getName());
            overlay.set(BoundSocketFactory.BIND_ADDRESS, address(i));
            overlays[i] = overlay;
        }
        cluster = new MiniDFSCluster.Builder(conf, baseDir(name)).numDataNodes(dataNodes)
                .checkDataNodeAddrConfig(true).dataNodeConfOverlays(overlays).build();
        cluster.waitActive();
        for (int i = 0; i < dataNodes; i++) {
            String registered = cluster.getDataNodes().get(i).getDatanodeId().getIpAddr();
            if (!registered.equals(address(i))) {
                throw new IllegalStateException("DataNode " + i + " registered as " + registered);
            }
        }
    }

    CormorantNetworkTopology topology() {
        return (CormorantNetworkTopology) cluster.getNamesystem().getBlockManager().getDatanodeManager()
                .getNetworkTopology();
    }

    /** A client whose NameNode and DataNode connections leave from {@code address}. */
    DistributedFileSystem clientAt(String address) throws IOException {
        Configuration client = BoundSocketFactory.bound(conf, address);
        return (DistributedFileSystem) FileSystem.newInstance(URI.create(cluster.getURI().toString()), client);
    }

    /** Writes {@code blocks} full blocks with replication 3 and waits until every block has 3 replicas. */
    static byte[] write(DistributedFileSystem fs, Path path, int blocks) throws Exception {
        byte[] data = new byte[blocks * BLOCK];
        new java.util.Random(7).nextBytes(data);
        try (FSDataOutputStream out = fs.create(path, true, 4096, (short) 3, BLOCK)) {
            out.write(data);
        }
        long deadline = System.currentTimeMillis() + 30_000;
        while (true) {
            List<LocatedBlock> located = fs.getClient().getLocatedBlocks(path.toString(), 0).getLocatedBlocks();
            if (located.size() == blocks && located.stream().allMatch(b -> b.getLocations().length == 3)) {
                return data;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("replication did not reach 3: " + located);
            }
            Thread.sleep(100);
        }
    }

    /** The NameNode's order of each block's replicas for {@code fs}'s host, as IP addresses. */
    static List<List<String>> order(DistributedFileSystem fs, Path path) throws IOException {
        List<List<String>> blocks = new ArrayList<>();
        for (LocatedBlock block : fs.getClient().getLocatedBlocks(path.toString(), 0).getLocatedBlocks()) {
            blocks.add(Arrays.stream(block.getLocations()).map(DatanodeInfo::getIpAddr).toList());
        }
        return blocks;
    }

    /** Bytes DataNode {@code i} has served to readers so far. */
    long bytesRead(int i) throws ReflectiveOperationException {
        DataNode dn = cluster.getDataNodes().get(i);
        java.lang.reflect.Field field = DataNodeMetrics.class.getDeclaredField("bytesRead");
        field.setAccessible(true);
        return ((MutableCounterLong) field.get(dn.getMetrics())).value();
    }

    /** Waits until DataNode {@code i} has served at least {@code bytes} in total. */
    void awaitBytesRead(int i, long bytes) {
        CormorantNetworkTopologyTest.await("DataNode " + i + " served " + bytes + " bytes", () -> {
            try {
                return bytesRead(i) >= bytes;
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        });
    }

    @Override
    public void close() {
        CormorantNetworkTopology topology = topology();
        cluster.shutdown(true);
        topology.close();
    }
}
