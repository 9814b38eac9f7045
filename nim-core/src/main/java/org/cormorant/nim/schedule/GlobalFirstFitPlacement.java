package org.cormorant.nim.schedule;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;

/**
 * Hedera's Global First Fit (the flow scheduler of Cormorant 4.3.4): each large flow, in turn, goes
 * to the first candidate path on which every link still has room for its demand; room is then taken
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
            for (Path path : snapshot.paths().between(src.index(), dst.index())) {
                if (fits(room, path, flow.demandBps())) {
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

    private static boolean fits(double[] room, Path path, double demand) {
        for (int link : path.linksUnsafe()) {
            if (room[link] < demand) {
                return false;
            }
        }
        return true;
    }
}
