package org.cormorant.it;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.metrics.DataNodeMetrics;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.cormorant.hdfs.CormorantNetworkTopology;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricBuilder;
import org.cormorant.yarn.NetworkAwareCapacityScheduler;
import org.cormorant.yarn.SchedulerSettings;

/**
 * NameNode + two DataNodes (MiniDFSCluster) and ResourceManager + two NodeManagers + JobHistory
 * server (MiniMRYarnCluster), all in the test JVM, every DataNode and NodeManager at its own
 * loopback address so that YARN, HDFS and the NIM's fabric tell them apart:
 *
 * <ul>
 *   <li>DataNode i listens on {@link #DATANODES}[i], registers that address as its host name
 *       (block locations, and so the map requests' host asks, name it) and reaches the NameNode
 *       from it ({@link NodeBoundSocketFactory}).</li>
 *   <li>NodeManager i serves its container-manager RPC on {@link #NODEMANAGERS}[i]; YARN names a
 *       node by that address's canonical host name, which for 127.0.0.2 and up is the address
 *       itself (nothing in /etc/hosts names them), so node names are 127.0.0.4 and 127.0.0.5.
 *       MiniYARNCluster gives every NodeManager {@code localhost:0}; the address is changed on
 *       the NodeManager's configuration between init and start, where the container manager reads
 *       it.</li>
 *   <li>The job's containers get {@code NM_HOST} (their NodeManager's address) in their
 *       environment; the job configuration's socket factory binds their HDFS connections to it, so
 *       the NameNode orders replicas for the map's node.</li>
 * </ul>
 * No NodeManager runs on a DataNode's address, so every map is non-local (rack-local: everything is
 * in /default-rack), the case Algorithm 1 decides.
 */
final class HadoopCluster implements AutoCloseable {
    static final String[] DATANODES = {"127.0.0.2", "127.0.0.3"};
    static final String[] NODEMANAGERS = {"127.0.0.4", "127.0.0.5"};
    static final int BLOCK = 1024 * 1024;
    static final double GBPS = 1e9;

    final MiniDFSCluster dfs;
    final MiniMRYarnCluster yarn;
    final File base;

    /**
     * dn0, dn1, nm0, nm1 at the addresses above, each on its own leaf switch under two spines,
     * 1 Gbit/s everywhere: any two hosts are joined by two equal-cost paths whose shared
     * bottlenecks are the two hosts' own links.
     */
    static Fabric fabric() {
        FabricBuilder b = new FabricBuilder("hadoop-it").addSwitch("s1", null).addSwitch("s2", null);
        List<String[]> hosts = new ArrayList<>();
        for (int i = 0; i < DATANODES.length; i++) {
            hosts.add(new String[] {"dn" + i, DATANODES[i]});
        }
        for (int i = 0; i < NODEMANAGERS.length; i++) {
            hosts.add(new String[] {"nm" + i, NODEMANAGERS[i]});
        }
        for (int i = 0; i < hosts.size(); i++) {
            String leaf = "l" + i;
            b.addSwitch(leaf, null).addHost(hosts.get(i)[0], hosts.get(i)[1])
                    .connect(leaf, "s1", GBPS).connect(leaf, "s2", GBPS).connect(hosts.get(i)[0], leaf, GBPS);
        }
        return b.build();
    }

    HadoopCluster(String nimUrl, long maxPostponeMillis) throws Exception {
        base = new File("target/hadoop-it-" + System.currentTimeMillis()).getAbsoluteFile();
        Configuration conf = new HdfsConfiguration();
        conf.set("hadoop.tmp.dir", new File(base, "tmp").getPath());
        // Both plugins read the shared cormorant.nim.* keys: one NIM, refreshed every 200 ms,
        // stale 3 s after its last counters.
        conf.set("cormorant.nim.address", nimUrl);
        conf.setLong("cormorant.nim.refresh-ms", 200);
        conf.setLong("cormorant.nim.timeout-ms", 1000);
        conf.setLong("cormorant.nim.max-age-ms", 3000);

        conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, CormorantNetworkTopology.class.getName());
        conf.set("cormorant.replica.mode", "independent");
        conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
        conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 2);
        conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
        conf.setInt(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, 4);
        conf.setInt(DFSConfigKeys.DFS_DATANODE_HANDLER_COUNT_KEY, 2);
        // DataNodes one at a time, each from its own configuration. (The builder's hosts(...)
        // would also give each its host name, but it adds a static resolution of that name to
        // localhost, so a DataNode told to listen on 127.0.0.2 would listen on 127.0.0.1; and
        // per-DataNode overlays cannot override the host name the builder sets for all.)
        dfs = new MiniDFSCluster.Builder(conf, new File(base, "dfs")).numDataNodes(0).build();
        for (String address : DATANODES) {
            Configuration dn = new HdfsConfiguration(conf);
            dn.set(DFSConfigKeys.DFS_DATANODE_HOST_NAME_KEY, address);
            dn.set(DFSConfigKeys.DFS_DATANODE_ADDRESS_KEY, address + ":0");
            dn.set(DFSConfigKeys.DFS_DATANODE_HTTP_ADDRESS_KEY, address + ":0");
            dn.set(DFSConfigKeys.DFS_DATANODE_IPC_ADDRESS_KEY, address + ":0");
            dn.set("hadoop.rpc.socket.factory.class.default", NodeBoundSocketFactory.class.getName());
            dn.set(NodeBoundSocketFactory.BIND_ADDRESS, address);
            dfs.startDataNodes(dn, 1, null, true, null, null, null, null, null, false, true, true, null, null, null);
        }
        dfs.waitActive();
        for (int i = 0; i < DATANODES.length; i++) {
            String registered = dfs.getDataNodes().get(i).getDatanodeId().getIpAddr();
            String hostName = dfs.getDataNodes().get(i).getDatanodeId().getHostName();
            String xfer = dfs.getDataNodes().get(i).getXferAddress().getAddress().getHostAddress();
            if (!registered.equals(DATANODES[i]) || !hostName.equals(DATANODES[i]) || !xfer.equals(DATANODES[i])) {
                throw new IllegalStateException("DataNode " + i + " registered as " + registered + "/" + hostName
                        + ", listens on " + xfer);
            }
        }

        Configuration yc = new YarnConfiguration(conf);
        // The job's default file system is the local disk: job files, staging and history stay
        // off HDFS, which serves only the job's input (named by an hdfs:// URI), so the DataNodes'
        // bytesRead counts map reads and nothing else.
        yc.set(FileSystem.FS_DEFAULT_NAME_KEY, "file:///");
        yc.setClass(YarnConfiguration.RM_SCHEDULER, NetworkAwareCapacityScheduler.class, ResourceScheduler.class);
        yc.set(SchedulerSettings.MODE, "independent");
        yc.setLong(SchedulerSettings.MAX_POSTPONE_MS, maxPostponeMillis);
        yc.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, 2048);
        yc.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        yc.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.5f);
        yc.set(MRJobConfig.MR_AM_STAGING_DIR, new File(base, "staging").getPath());
        yarn = new MiniMRYarnCluster("hadoop-it", NODEMANAGERS.length);
        yarn.init(yc);
        for (int i = 0; i < NODEMANAGERS.length; i++) {
            // Read by the container manager when it starts; the node is named after it.
            yarn.getNodeManager(i).getConfig().set(YarnConfiguration.NM_ADDRESS, NODEMANAGERS[i] + ":0");
        }
        yarn.start();
        for (int i = 0; i < NODEMANAGERS.length; i++) {
            String host = yarn.getNodeManager(i).getNMContext().getNodeId().getHost();
            if (!host.equals(NODEMANAGERS[i])) {
                throw new IllegalStateException("NodeManager " + i + " is node " + host);
            }
        }
        await("both NodeManagers registered", 30_000,
                () -> yarn.getResourceManager().getRMContext().getRMNodes().size() == NODEMANAGERS.length);
    }

    /** A configuration for jobs: the cluster's plus what the job's JVMs need. */
    Configuration jobConf() {
        Configuration c = new Configuration(yarn.getConfig());
        String javaHome = "JAVA_HOME=" + System.getProperty("java.home");
        c.set(MRJobConfig.MR_AM_ENV, javaHome);
        c.set(MRJobConfig.MAP_ENV, javaHome);
        c.set(MRJobConfig.REDUCE_ENV, javaHome);
        c.set("hadoop.rpc.socket.factory.class.default", NodeBoundSocketFactory.class.getName());
        String jvm = " -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1";
        c.setInt(MRJobConfig.MR_AM_VMEM_MB, 512);
        c.set(MRJobConfig.MR_AM_COMMAND_OPTS, "-Xmx256m" + jvm);
        c.setInt(MRJobConfig.MAP_MEMORY_MB, 256);
        c.set(MRJobConfig.MAP_JAVA_OPTS, "-Xmx160m" + jvm);
        c.setInt(MRJobConfig.NUM_REDUCES, 0);
        // One attempt per map: a speculative copy would be placed (and read) on its own.
        c.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
        return c;
    }

    DistributedFileSystem fileSystem() throws IOException {
        return dfs.getFileSystem();
    }

    /** {@code path} on HDFS, as a URI the jobs (whose default file system is local) can read. */
    Path onHdfs(String path) {
        return new Path(dfs.getURI().toString() + path);
    }

    CormorantNetworkTopology topology() {
        return (CormorantNetworkTopology) dfs.getNamesystem().getBlockManager().getDatanodeManager()
                .getNetworkTopology();
    }

    /** Writes {@code blocks} blocks of text lines with replication 2 (so on both DataNodes). */
    void writeInput(Path path, int blocks) throws Exception {
        DistributedFileSystem fs = fileSystem();
        Random random = new Random(7);
        StringBuilder line = new StringBuilder();
        try (FSDataOutputStream out = fs.create(path, true, 4096, (short) 2, BLOCK)) {
            long written = 0;
            while (written < (long) blocks * BLOCK - 200) {
                line.setLength(0);
                for (int w = 0; w < 8; w++) {
                    line.append(Long.toString(random.nextLong() & Long.MAX_VALUE, 36)).append(' ');
                }
                line.append('\n');
                byte[] bytes = line.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                out.write(bytes);
                written += bytes.length;
            }
        }
        await("every block of " + path + " on both DataNodes", 30_000, () -> {
            try {
                List<LocatedBlock> located = fs.getClient().getLocatedBlocks(path.toUri().getPath(), 0).getLocatedBlocks();
                return located.size() == blocks && located.stream().allMatch(b -> b.getLocations().length == 2);
            } catch (IOException e) {
                return false;
            }
        });
    }

    /**
     * Writes one full block of text lines with a single replica, on DataNode {@code dataNode} (the
     * NameNode's favoured-nodes placement; checked), so a map over it has exactly one data host.
     */
    void writeBlockOn(Path path, int dataNode) throws Exception {
        DistributedFileSystem fs = fileSystem();
        java.net.InetSocketAddress[] favoured = {dfs.getDataNodes().get(dataNode).getXferAddress()};
        Random random = new Random(11 + dataNode);
        byte[] block = new byte[BLOCK];
        int at = 0;
        while (at < BLOCK) {
            byte[] line = (Long.toString(random.nextLong() & Long.MAX_VALUE, 36) + '\n')
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            int n = Math.min(line.length, BLOCK - at);
            System.arraycopy(line, 0, block, at, n);
            at += n;
        }
        block[BLOCK - 1] = '\n';
        try (FSDataOutputStream out = fs.create(path, org.apache.hadoop.fs.permission.FsPermission.getFileDefault(),
                true, 4096, (short) 1, BLOCK, null, favoured)) {
            out.write(block);
        }
        await(path + " as one block on " + DATANODES[dataNode] + " only", 30_000, () -> {
            try {
                List<LocatedBlock> located = fs.getClient().getLocatedBlocks(path.toUri().getPath(), 0).getLocatedBlocks();
                return located.size() == 1 && located.get(0).getLocations().length == 1
                        && located.get(0).getLocations()[0].getIpAddr().equals(DATANODES[dataNode]);
            } catch (IOException e) {
                return false;
            }
        });
    }

    /** Bytes DataNode {@code i} has sent to readers so far. */
    long bytesRead(int i) throws ReflectiveOperationException {
        DataNode dn = dfs.getDataNodes().get(i);
        java.lang.reflect.Field field = DataNodeMetrics.class.getDeclaredField("bytesRead");
        field.setAccessible(true);
        return ((MutableCounterLong) field.get(dn.getMetrics())).value();
    }

    long[] bytesRead() throws ReflectiveOperationException {
        long[] all = new long[DATANODES.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = bytesRead(i);
        }
        return all;
    }

    /** The job's history files (.jhist) on the local staging/history directories. */
    List<java.nio.file.Path> historyFiles(String jobId) throws IOException {
        try (Stream<java.nio.file.Path> files = java.nio.file.Files.walk(new File(base, "staging").toPath())) {
            return files.filter(p -> p.getFileName().toString().startsWith(jobId)
                    && p.getFileName().toString().endsWith(".jhist")).toList();
        }
    }

    /** Containers the job's application attempt holds now (its AM's included). */
    int liveContainers(org.apache.hadoop.mapreduce.Job job) {
        org.apache.hadoop.yarn.api.records.ApplicationId app =
                org.apache.hadoop.mapreduce.TypeConverter.toYarn(job.getJobID()).getAppId();
        var rm = yarn.getResourceManager();
        var rmApp = rm.getRMContext().getRMApps().get(app);
        if (rmApp == null || rmApp.getCurrentAppAttempt() == null) {
            return 0;
        }
        var attempt = rm.getResourceScheduler().getSchedulerAppInfo(rmApp.getCurrentAppAttempt().getAppAttemptId());
        return attempt == null ? 0 : attempt.getLiveContainers().size();
    }

    static void await(String what, long millis, BooleanSupplier condition) {
        long deadline = System.currentTimeMillis() + millis;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out after " + millis + " ms waiting for: " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    @Override
    public void close() {
        CormorantNetworkTopology topology = dfs == null ? null : topology();
        if (yarn != null) {
            yarn.stop();
        }
        if (dfs != null) {
            dfs.shutdown(true);
        }
        if (topology != null) {
            topology.close();
        }
    }

    @Override
    public String toString() {
        return "DataNodes " + Arrays.toString(DATANODES) + ", NodeManagers " + Arrays.toString(NODEMANAGERS);
    }
}
