package org.cormorant.nim.fabric;

/**
 * The fabrics the papers evaluate on, built programmatically. Each is also written out as a
 * fabric file under {@code cluster/fabrics/} for the Mininet launcher.
 */
public final class StandardFabrics {
    public static final double GBPS = 1e9;

    private StandardFabrics() {
    }

    /**
     * Cormorant's testbed (003 seed, section 4.4.1, Figure 4.5): eight nodes {@code n0..n7} on four
     * edge switches {@code e0..e3} (two nodes each, as the 4-port edge switch of Figure 4.2), every
     * edge switch wired to both aggregation switches {@code a0, a1}. {@code n0} is the Hadoop master
     * and a traffic node, {@code n4} the other traffic node, {@code n1-3} and {@code n5-7} the slaves.
     * Two equal-cost paths join nodes on different edge switches.
     */
    public static Fabric cormorantTestbed(double capacityBps) {
        FabricBuilder b = new FabricBuilder("cormorant-testbed");
        int dpid = 1;
        for (int e = 0; e < 4; e++) {
            b.addSwitch("e" + e, "openflow:" + dpid++);
        }
        for (int a = 0; a < 2; a++) {
            b.addSwitch("a" + a, "openflow:" + dpid++);
        }
        for (int n = 0; n < 8; n++) {
            b.addHost("n" + n, "10.0.0." + (n + 1));
        }
        for (int n = 0; n < 8; n++) {
            b.connect("n" + n, "e" + (n / 2), capacityBps);
        }
        for (int e = 0; e < 4; e++) {
            for (int a = 0; a < 2; a++) {
                b.connect("e" + e, "a" + a, capacityBps);
            }
        }
        return b.build();
    }

    /**
     * Mission Control's two-rack fabric (000 seed, Figure 5.15): hosts of each rack on a top-of-rack
     * switch {@code r1}/{@code r2}, the racks joined through core switch {@code c1}; one path per pair.
     */
    public static Fabric twoRack(int hostsInRack1, int hostsInRack2, double capacityBps) {
        if (hostsInRack1 < 1 || hostsInRack2 < 1) {
            throw new FabricException("each rack needs at least one host");
        }
        FabricBuilder b = new FabricBuilder("two-rack");
        b.addSwitch("r1", "openflow:1").addSwitch("r2", "openflow:2").addSwitch("c1", "openflow:3");
        int ip = 1;
        for (int i = 1; i <= hostsInRack1; i++) {
            b.addHost("r1h" + i, "10.0.1." + ip++);
        }
        ip = 1;
        for (int i = 1; i <= hostsInRack2; i++) {
            b.addHost("r2h" + i, "10.0.2." + ip++);
        }
        for (int i = 1; i <= hostsInRack1; i++) {
            b.connect("r1h" + i, "r1", capacityBps);
        }
        for (int i = 1; i <= hostsInRack2; i++) {
            b.connect("r2h" + i, "r2", capacityBps);
        }
        b.connect("r1", "c1", capacityBps).connect("r2", "c1", capacityBps);
        return b.build();
    }

    /**
     * A k-ary fat-tree (Al-Fares et al.): k pods of k/2 edge and k/2 aggregation switches,
     * (k/2)^2 core switches, k^3/4 hosts. Hosts are {@code h<pod>_<edge>_<i>} at
     * {@code 10.<pod>.<edge>.<i+2>}; hosts in different pods have (k/2)^2 equal-cost paths.
     */
    public static Fabric fatTree(int k, double capacityBps) {
        if (k < 2 || k % 2 != 0 || k > 64) {
            throw new FabricException("fat-tree arity k must be even and between 2 and 64, got " + k);
        }
        int half = k / 2;
        FabricBuilder b = new FabricBuilder("fat-tree-k" + k);
        int dpid = 1;
        for (int c = 0; c < half * half; c++) {
            b.addSwitch("c" + c, "openflow:" + dpid++);
        }
        for (int p = 0; p < k; p++) {
            for (int j = 0; j < half; j++) {
                b.addSwitch("a" + p + "_" + j, "openflow:" + dpid++);
            }
            for (int j = 0; j < half; j++) {
                b.addSwitch("e" + p + "_" + j, "openflow:" + dpid++);
            }
        }
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < half; e++) {
                for (int i = 0; i < half; i++) {
                    String host = "h" + p + "_" + e + "_" + i;
                    b.addHost(host, "10." + p + "." + e + "." + (i + 2));
                    b.connect(host, "e" + p + "_" + e, capacityBps);
                }
            }
        }
        for (int p = 0; p < k; p++) {
            for (int e = 0; e < half; e++) {
                for (int a = 0; a < half; a++) {
                    b.connect("e" + p + "_" + e, "a" + p + "_" + a, capacityBps);
                }
            }
        }
        // Aggregation switch j of every pod reaches core switches j*k/2 .. j*k/2 + k/2 - 1.
        for (int p = 0; p < k; p++) {
            for (int a = 0; a < half; a++) {
                for (int c = 0; c < half; c++) {
                    b.connect("a" + p + "_" + a, "c" + (a * half + c), capacityBps);
                }
            }
        }
        return b.build();
    }
}
