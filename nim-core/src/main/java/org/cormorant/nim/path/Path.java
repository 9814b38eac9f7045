package org.cormorant.nim.path;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cormorant.nim.fabric.Fabric;

/** A physical path: the directed links a flow crosses, from the source host to the destination host. */
public final class Path {
    private final int[] links;

    public Path(int[] links) {
        this.links = links.clone();
    }

    /** Links in order, without a copy, for the hot query loops: callers must not modify it. */
    public int[] linksUnsafe() {
        return links;
    }

    public int[] links() {
        return links.clone();
    }

    public int hops() {
        return links.length;
    }

    public int link(int i) {
        return links[i];
    }

    /** Node names along the path, source first. */
    public List<String> nodeNames(Fabric fabric) {
        List<String> names = new ArrayList<>(links.length + 1);
        if (links.length == 0) {
            return names;
        }
        names.add(fabric.node(fabric.link(links[0]).from()).name());
        for (int link : links) {
            names.add(fabric.node(fabric.link(link).to()).name());
        }
        return names;
    }

    /** The smallest line rate along the path. */
    public double capacityBps(Fabric fabric) {
        double min = Double.POSITIVE_INFINITY;
        for (int link : links) {
            min = Math.min(min, fabric.link(link).capacityBps());
        }
        return min;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Path other && Arrays.equals(links, other.links);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(links);
    }

    @Override
    public String toString() {
        return "Path" + Arrays.toString(links);
    }
}
