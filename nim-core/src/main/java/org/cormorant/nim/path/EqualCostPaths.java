package org.cormorant.nim.path;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.Link;

/**
 * All equal-cost shortest paths between two hosts: the candidate set the NIM and ECMP choose from
 * (the sample space P of the Cormorant chapter, Table 4.1).
 *
 * <p>Paths never transit a host. Switch-to-switch segments are computed once per fabric, on
 * first use, and cached: a host pair's paths are its attachment links around the cached segments
 * of its edge switches, so a k=16 fat-tree (1024 hosts) keeps 128 x 127 segment sets rather than
 * a million host-pair sets. A new fabric (topology change) gets a new instance.
 */
public final class EqualCostPaths {
    private final Fabric fabric;
    private final ConcurrentHashMap<Long, int[][]> switchSegments = new ConcurrentHashMap<>();

    public EqualCostPaths(Fabric fabric) {
        this.fabric = fabric;
    }

    public Fabric fabric() {
        return fabric;
    }

    /** Candidate paths from host {@code src} to host {@code dst}; empty when they are not connected or equal. */
    public List<Path> between(int src, int dst) {
        if (src == dst) {
            return List.of();
        }
        FabricNode s = fabric.node(src);
        FabricNode d = fabric.node(dst);
        if (!s.isHost() || !d.isHost()) {
            throw new IllegalArgumentException("paths are between hosts, not " + s.name() + " and " + d.name());
        }
        // A multi-homed host may offer several (first hop, last hop) combinations; keep the shortest.
        int best = Integer.MAX_VALUE;
        List<Path> result = new ArrayList<>();
        for (int up : fabric.outLinks(src)) {
            int srcSwitch = fabric.link(up).to();
            for (int downReverse : fabric.outLinks(dst)) {
                Link down = fabric.link(fabric.link(downReverse).reverse());
                int[][] segments = segments(srcSwitch, down.from());
                if (segments.length == 0) {
                    continue;
                }
                int length = segments[0].length + 2;
                if (length > best) {
                    continue;
                }
                if (length < best) {
                    best = length;
                    result.clear();
                }
                for (int[] segment : segments) {
                    int[] links = new int[segment.length + 2];
                    links[0] = up;
                    System.arraycopy(segment, 0, links, 1, segment.length);
                    links[links.length - 1] = down.index();
                    result.add(new Path(links));
                }
            }
        }
        return result;
    }

    /** Shortest switch-only link sequences from switch {@code a} to switch {@code b} ({@code {{}}} when equal). */
    int[][] segments(int a, int b) {
        if (a == b) {
            return new int[][] {new int[0]};
        }
        return switchSegments.computeIfAbsent(((long) a << 32) | b, key -> computeSegments(a, b));
    }

    private int[][] computeSegments(int a, int b) {
        int n = fabric.nodeCount();
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        dist[a] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(a);
        while (!queue.isEmpty()) {
            int u = queue.poll();
            if (u == b) {
                break;
            }
            for (int l : fabric.outLinks(u)) {
                int v = fabric.link(l).to();
                if (dist[v] < 0 && fabric.node(v).isSwitch()) {
                    dist[v] = dist[u] + 1;
                    queue.add(v);
                }
            }
        }
        if (dist[b] < 0) {
            return new int[0][];
        }
        // Walk back from b over links that descend the BFS layers; every such walk is a shortest path.
        List<int[]> out = new ArrayList<>();
        int[] stack = new int[dist[b]];
        collect(a, b, dist, stack, dist[b] - 1, out);
        return out.toArray(int[][]::new);
    }

    private void collect(int a, int node, int[] dist, int[] stack, int position, List<int[]> out) {
        if (node == a) {
            out.add(stack.clone());
            return;
        }
        for (int l : fabric.outLinks(node)) {
            // l leaves node; its reverse enters node from a neighbour one layer closer to a.
            Link in = fabric.link(fabric.link(l).reverse());
            int prev = in.from();
            if (dist[prev] == dist[node] - 1 && fabric.node(prev).isSwitch()) {
                stack[position] = in.index();
                collect(a, prev, dist, stack, position - 1, out);
            }
        }
    }
}
