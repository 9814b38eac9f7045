package org.cormorant.nim.schedule;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.cormorant.nim.load.NetworkSnapshot;

/**
 * Which pending task each newly allocated container should run: the application master's side of
 * Cormorant's task scheduler (Algorithm 1, 003 seed 4.3.3), with the locality rules of Hadoop
 * MapReduce's ApplicationMaster (used by yarn-scheduler's {@code NetworkAwareContainerAllocator}).
 *
 * <p>The ResourceManager lets a node take a non-local container because some pending data host
 * reaches it with enough bandwidth; the stock ApplicationMaster then gives that container to the
 * first pending map of the node's rack, whose data may sit behind a congested link. This plan keeps
 * every stock rule the AM applies and changes only that last choice:
 *
 * <ol>
 *   <li>A container on a host that holds a pending map's input stays data-local: the stock AM gives
 *       it such a map (the first in request order), and so does the plan.</li>
 *   <li>Every other container gets the map {@link BandwidthTaskSelector} picks for its host among
 *       the candidates the stock AM would consider at that locality level: the maps that list the
 *       container's rack when there are any (rack-local before off-switch), else every pending
 *       map. The threshold is not applied: the container exists, the RM applied it before granting
 *       it, and the best map for it is still the best use of it.</li>
 *   <li>When the selector cannot judge (the node or every replica host unknown to the fabric) the
 *       container gets the map the stock AM would give it.</li>
 * </ol>
 *
 * Containers are planned in the order the AM assigns them, each map to at most one container. The
 * plan decides nothing itself beyond these stock rules: the selector decides.
 */
public final class ContainerTaskMatching {
    private ContainerTaskMatching() {
    }

    /**
     * A pending map request as the AM holds it, in request order.
     *
     * @param id       the map attempt
     * @param hosts    hosts of its input split
     * @param racks    racks of those hosts
     * @param localityRequest false for requests the AM never matches by locality (a re-run of a
     *                 failed attempt): they can only take an off-switch container
     */
    public record PendingTask(String id, List<String> hosts, List<String> racks, boolean localityRequest) {
        public PendingTask {
            hosts = List.copyOf(hosts);
            racks = List.copyOf(racks);
        }
    }

    /** A newly allocated map container, in the order the AM assigns containers. */
    public record OfferedContainer(String id, String host, String rack) {
    }

    /** How the AM will match the container: by its rack, or from all pending maps. */
    public enum Level { RACK_LOCAL, OFF_SWITCH }

    /**
     * One non-local container and the map it should run.
     *
     * @param selection the selector's decision, or null when the stock choice was kept
     */
    public record Match(OfferedContainer container, String mapId, Level level, TaskSelection selection) {
        public boolean byNetwork() {
            return selection != null;
        }
    }

    /** The plan for one batch of containers: the non-local ones only, in container order. */
    public static List<Match> plan(NetworkSnapshot snapshot, BandwidthTaskSelector selector,
                                   List<OfferedContainer> containers, List<PendingTask> pending) {
        Set<String> claimed = new HashSet<>();
        List<OfferedContainer> nonLocal = new ArrayList<>();
        for (OfferedContainer c : containers) {
            PendingTask local = first(pending, claimed, m -> m.localityRequest() && m.hosts().contains(c.host()));
            if (local == null) {
                nonLocal.add(c);
            } else {
                claimed.add(local.id());
            }
        }
        List<Match> plan = new ArrayList<>();
        for (OfferedContainer c : nonLocal) {
            List<PendingTask> candidates = unclaimed(pending, claimed,
                    m -> m.localityRequest() && m.racks().contains(c.rack()));
            Level level = Level.RACK_LOCAL;
            if (candidates.isEmpty()) {
                candidates = unclaimed(pending, claimed, m -> true);
                level = Level.OFF_SWITCH;
            }
            if (candidates.isEmpty()) {
                break; // more containers than maps: the AM releases the rest
            }
            List<CandidateTask> tasks = new ArrayList<>(candidates.size());
            for (PendingTask m : candidates) {
                tasks.add(new CandidateTask(m.id(), m.hosts()));
            }
            TaskSelection selection = selector.select(snapshot, c.host(), tasks);
            Match steer = selection.task() == null
                    ? new Match(c, candidates.get(0).id(), level, null)
                    : new Match(c, selection.task().id(), level, selection);
            claimed.add(steer.mapId());
            plan.add(steer);
        }
        return plan;
    }

    private static PendingTask first(List<PendingTask> pending, Set<String> claimed,
                                     java.util.function.Predicate<PendingTask> test) {
        for (PendingTask m : pending) {
            if (!claimed.contains(m.id()) && test.test(m)) {
                return m;
            }
        }
        return null;
    }

    private static List<PendingTask> unclaimed(List<PendingTask> pending, Set<String> claimed,
                                              java.util.function.Predicate<PendingTask> test) {
        List<PendingTask> out = new ArrayList<>();
        for (PendingTask m : pending) {
            if (!claimed.contains(m.id()) && test.test(m)) {
                out.add(m);
            }
        }
        return out;
    }
}
