package org.cormorant.nim.fabric;

/**
 * An ordered pair of hosts, by fabric name: the granularity at which the flow scheduler sees and
 * pins traffic (one ECMP rule per pair on each switch).
 */
public record HostPair(String src, String dst) implements Comparable<HostPair> {
    public HostPair {
        if (src == null || dst == null || src.isBlank() || dst.isBlank()) {
            throw new IllegalArgumentException("a host pair needs two host names, got " + src + " -> " + dst);
        }
        if (src.equals(dst)) {
            throw new IllegalArgumentException("a host pair needs two different hosts, got " + src + " -> " + dst);
        }
    }

    @Override
    public int compareTo(HostPair o) {
        int c = src.compareTo(o.src);
        return c != 0 ? c : dst.compareTo(o.dst);
    }

    @Override
    public String toString() {
        return src + "->" + dst;
    }
}
