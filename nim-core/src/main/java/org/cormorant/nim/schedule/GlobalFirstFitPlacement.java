package org.cormorant.nim.schedule;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;

/**
 * Hedera's Global First Fit (the flow scheduler of Cormorant 4.3.4): each large flow, in turn, goes
 * to the first candidate path on which every link still has room for its demand, its current path
 * tried first (stays put while it fits: less churn than Hedera's fixed order); room is then taken
 * from those links so later flows do not collide with it. A flow that fits nowhere is left where
 * ECMP put it (absent from the result).
 *
 * <p>Room starts from the snapshot's available bandwidth, which already has the flows' own current
 * rates subtracted; those are added back first so a flow can stay on its own path.
 */
public final class GlobalFirstFitPlacement {
    private GlobalFirstFitPlacement() {
    }

    /** Flow id to the path it should be moved to (or kept on). */
    public static Map<String, Path> place(NetworkSnapshot snapshot, List<LargeFlow> flows) {
        return place(snapshot, flows, 0);
    }

    /**
     * As {@link #place(NetworkSnapshot, List)}, but a link whose room falls short of a flow's demand
     * by at most {@code slack} of its line rate still takes the flow. Measured rooms are noisy (rates
     * from counters read at slightly different instants, smoothing), so a flow demanding a whole NIC
     * would otherwise fit nowhere, not even on the path it has to itself.
     */
    public static Map<String, Path> place(NetworkSnapshot snapshot, List<LargeFlow> flows, double slack) {
        if (!(slack >= 0 && slack < 1)) {
            throw new IllegalArgumentException("slack must be in [0, 1), got " + slack);
        }
        Fabric fabric = snapshot.fabric();
        double[] room = new double[fabric.linkCount()];
        for (int i = 0; i < room.length; i++) {
            room[i] = snapshot.availableBps(i);
        }
        for (LargeFlow flow : flows) {
            if (flow.currentPath() != null && flow.currentBps() > 0) {
                for (int link : flow.currentPath().linksUnsafe()) {
                    room[link] = Math.min(snapshot.capacityBps(link), room[link] + flow.currentBps());
                }
            }
        }
        Map<String, Path> placement = new LinkedHashMap<>();
        for (LargeFlow flow : flows) {
            FabricNode src = fabric.host(flow.src());
            FabricNode dst = fabric.host(flow.dst());
            for (Path path : currentFirst(snapshot.paths().between(src.index(), dst.index()), flow.currentPath())) {
                if (fits(snapshot, room, path, flow.demandBps(), slack)) {
                    for (int link : path.linksUnsafe()) {
                        room[link] -= flow.demandBps();
                    }
                    placement.put(flow.id(), path);
                    break;
                }
            }
        }
        return placement;
    }

    /**
     * The candidate paths with the flow's current one first. Hedera searches them in a fixed order;
     * trying the current path first keeps a flow where it is while it still fits there, so a round
     * does not move it onto a path whose room only looks free because counters have not caught up
     * with the last round's moves (the flows it would meet there are still measured elsewhere).
     */
    private static List<Path> currentFirst(List<Path> candidates, Path current) {
        if (current == null || !candidates.contains(current) || candidates.get(0).equals(current)) {
            return candidates;
        }
        List<Path> ordered = new ArrayList<>(candidates.size());
        ordered.add(current);
        for (Path p : candidates) {
            if (!p.equals(current)) {
                ordered.add(p);
            }
        }
        return ordered;
    }

    private static boolean fits(NetworkSnapshot snapshot, double[] room, Path path, double demand, double slack) {
        for (int link : path.linksUnsafe()) {
            if (room[link] < demand - slack * snapshot.capacityBps(link)) {
                return false;
            }
        }
        return true;
    }
}
