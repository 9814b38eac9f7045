package org.cormorant.hdfs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.StandardFabrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Cost of ordering one block's replicas, stock DFSNetworkTopology vs the plugin, on a k=8 fat-tree
 * (128 DataNodes, one rack per edge switch, 16 candidate paths between pods) with random uplink
 * load. Not part of the suite; run with
 * {@code mvn -pl hdfs-replica-selector -am test -Dtest=SortCostBenchmarkTest -Dcormorant.bench=true
 * -Dsurefire.failIfNoSpecifiedTests=false}. Figures in docs/hdfs-replica-selector.md.
 */
@EnabledIfSystemProperty(named = "cormorant.bench", matches = "true")
class SortCostBenchmarkTest {
    private static final int WARMUP = 200_000;
    private static final int MEASURED = 500_000;

    @Test
    void sortCost() throws Exception {
        Fabric fabric = StandardFabrics.fatTree(8, 1e9);
        Random random = new Random(3);
        try (NimFixture nim = new NimFixture(fabric, 1000)) {
            List<DatanodeDescriptor> datanodes = new ArrayList<>();
            List<Node> clients = new ArrayList<>();
            for (FabricNode host : fabric.hosts()) {
                nim.load(host.name(), random.nextInt(10) * 1e8);
                String ip = host.addresses().get(0);
                String rack = "/" + ip.substring(0, ip.lastIndexOf('.')).replace('.', '_');
                datanodes.add(new DatanodeDescriptor(new DatanodeID(ip, host.name(), UUID.randomUUID().toString(),
                        9866, 9864, 9865, 9867), rack));
                clients.add(new NodeBase(rack + "/" + ip));
            }
            nim.start();

            Configuration stockConf = new Configuration(false);
            DFSNetworkTopology stock = DFSNetworkTopology.getInstance(stockConf);
            Configuration conf = new Configuration(false);
            conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, CormorantNetworkTopology.class.getName());
            conf.set("cormorant.nim.address", nim.url());
            conf.setLong("cormorant.nim.max-age-ms", 60_000);
            CormorantNetworkTopology plugin = (CormorantNetworkTopology) DFSNetworkTopology.getInstance(conf);
            for (DatanodeDescriptor dn : datanodes) {
                stock.add(dn);
                plugin.add(dn);
            }
            CormorantNetworkTopologyTest.await("NIM usable", () -> plugin.nimClient().status().usable());
            try {
                System.out.println("| topology | reader | mean ns | p50 ns | p99 ns |");
                System.out.println("|---|---|---|---|---|");
                for (boolean dataNodeReader : new boolean[] {false, true}) {
                    for (DFSNetworkTopology topology : List.of(stock, plugin, stock, plugin)) {
                        long[] times = run(topology, datanodes, clients, dataNodeReader, new Random(11));
                        report(topology == stock ? "stock" : "plugin", dataNodeReader, times);
                    }
                }
                System.out.println("plugin NIM-ordered sorts: " + plugin.replicaSelectorMetrics().nimOrderedSorts()
                        + ", stock-ordered: " + plugin.replicaSelectorMetrics().stockOrderedSorts());
            } finally {
                plugin.close();
            }
        }
    }

    private static long[] run(DFSNetworkTopology topology, List<DatanodeDescriptor> datanodes, List<Node> clients,
                              boolean dataNodeReader, Random random) {
        long[] times = new long[MEASURED];
        DatanodeDescriptor[] replicas = new DatanodeDescriptor[3];
        for (int i = 0; i < WARMUP + MEASURED; i++) {
            int r = random.nextInt(datanodes.size());
            for (int j = 0; j < 3; j++) {
                replicas[j] = datanodes.get(random.nextInt(datanodes.size()));
            }
            long t0 = System.nanoTime();
            if (dataNodeReader) {
                topology.sortByDistance(datanodes.get(r), replicas, 3, null);
            } else {
                topology.sortByDistanceUsingNetworkLocation(clients.get(r), replicas, 3, null);
            }
            long t = System.nanoTime() - t0;
            if (i >= WARMUP) {
                times[i - WARMUP] = t;
            }
        }
        return times;
    }

    private static void report(String name, boolean dataNodeReader, long[] times) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        double mean = Arrays.stream(times).average().orElse(0);
        System.out.println(String.format(Locale.ROOT, "| %s | %s | %.0f | %d | %d |", name,
                dataNodeReader ? "on a DataNode" : "off the DataNodes", mean, sorted[sorted.length / 2],
                sorted[(int) (sorted.length * 0.99)]));
    }
}
