package org.apache.hadoop.mapreduce.v2.app.rm;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.api.records.TaskAttemptId;
import org.apache.hadoop.mapreduce.v2.app.AppContext;
import org.apache.hadoop.mapreduce.v2.app.client.ClientService;
import org.apache.hadoop.mapreduce.v2.app.job.event.JobCounterUpdateEvent;
import org.apache.hadoop.mapreduce.v2.app.rm.preemption.AMPreemptionPolicy;
import org.apache.hadoop.yarn.api.protocolrecords.AllocateResponse;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.util.RackResolver;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.schedule.BandwidthTaskSelector;
import org.cormorant.yarn.SchedulerSettings;
import org.cormorant.yarn.mapreduce.MapAssignmentCounter;
import org.cormorant.nim.schedule.ContainerTaskMatching;
import org.cormorant.nim.schedule.ContainerTaskMatching.OfferedContainer;
import org.cormorant.nim.schedule.ContainerTaskMatching.PendingTask;
import org.cormorant.nim.schedule.ContainerTaskMatching.Match;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MapReduce ApplicationMaster's container allocator with Cormorant's choice of which map runs
 * in a non-local container ({@link ContainerTaskMatching}); everything else is the stock
 * {@link RMContainerAllocator}.
 *
 * <p>Stock MapReduce has no plug-in point for matching containers to maps: the stock allocator
 * assigns a heartbeat's new containers in {@code ScheduledRequests.assignMapsWithLocality}, taking
 * for a non-local container the first pending map of the node's rack list, else the first pending
 * map. This subclass lives in Hadoop's package to read the pending map requests (package-private
 * {@code getScheduledRequests().maps}, whose {@code ContainerRequest}s carry the split hosts), and
 * between receiving the containers ({@link #makeRemoteRequest()}) and assigning them (the rest of
 * {@code heartbeat()}, under the same lock) it puts each planned map first in the rack list
 * (a private field, reached by reflection) or in the pending map order, so the stock assignment
 * takes it. After the heartbeat it checks what the stock code actually assigned and counts it
 * ({@link MapAssignmentCounter}). Written against Hadoop 3.5.0; if the internals it reads are not
 * there it logs an error once and the AM assigns as stock.
 *
 * <p>With the NIM stale or unreachable, or mode {@code stock}, nothing is reordered.
 */
public class NetworkAwareContainerAllocator extends RMContainerAllocator {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkAwareContainerAllocator.class);

    private NimClient client;
    private BandwidthTaskSelector selector;
    private Field rackMapping;
    private boolean fallbackLogged;
    /** This heartbeat's plan, checked against the stock assignment once the heartbeat is over. */
    private List<Match> planned = List.of();

    public NetworkAwareContainerAllocator(ClientService clientService, AppContext context,
                                          AMPreemptionPolicy preemptionPolicy) {
        super(clientService, context, preemptionPolicy);
    }

    @Override
    protected void serviceInit(Configuration conf) throws Exception {
        super.serviceInit(conf);
        SchedulerSettings settings;
        try {
            settings = SchedulerSettings.from(conf);
        } catch (IllegalArgumentException e) {
            // A job must not fail because of a scheduling hint: the AM assigns as stock.
            LOG.error("Cormorant map assignment off, stock assignment: {}", e.getMessage());
            return;
        }
        if (settings.stock()) {
            LOG.info("Cormorant map assignment: mode stock, stock assignment");
            return;
        }
        try {
            Field f = ScheduledRequests.class.getDeclaredField("mapsRackMapping");
            f.setAccessible(true);
            rackMapping = f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.error("Cormorant map assignment off, stock assignment: this Hadoop's ScheduledRequests has no"
                    + " mapsRackMapping (written for Hadoop 3.5.0): {}", e.toString());
            return;
        }
        selector = new BandwidthTaskSelector(settings.policy());
        client = new NimClient(settings.nim()).start();
        LOG.info("Cormorant map assignment: mode {}, NIM {}", settings.mode(), settings.nim().baseUri());
    }

    @Override
    protected void serviceStop() throws Exception {
        try {
            super.serviceStop();
        } finally {
            if (client != null) {
                client.close();
            }
        }
    }

    @Override
    protected AllocateResponse makeRemoteRequest() throws YarnException, IOException {
        AllocateResponse response = super.makeRemoteRequest();
        if (client != null) {
            try {
                steer(response.getAllocatedContainers());
            } catch (RuntimeException | IllegalAccessException e) {
                // Never let the plan break the AM's heartbeat: the containers are assigned as stock.
                LOG.error("Cormorant map assignment failed for this heartbeat, stock assignment", e);
                planned = List.of();
            }
        }
        return response;
    }

    @Override
    protected synchronized void heartbeat() throws Exception {
        super.heartbeat();
        if (!planned.isEmpty()) {
            countWhatWasAssigned();
        }
    }

    @SuppressWarnings("unchecked")
    private void steer(List<Container> allocated) throws IllegalAccessException {
        planned = List.of();
        ScheduledRequests scheduled = getScheduledRequests();
        List<OfferedContainer> containers = new ArrayList<>();
        for (Container c : allocated) {
            if (PRIORITY_MAP.equals(c.getPriority())) {
                String host = c.getNodeId().getHost();
                containers.add(new OfferedContainer(c.getId().toString(), host,
                        RackResolver.resolve(host).getNetworkLocation()));
            }
        }
        if (containers.isEmpty() || scheduled.maps.isEmpty()) {
            return;
        }
        Map<String, TaskAttemptId> attempts = new HashMap<>();
        List<PendingTask> pending = new ArrayList<>(scheduled.maps.size());
        for (Map.Entry<TaskAttemptId, RMContainerRequestor.ContainerRequest> e : scheduled.maps.entrySet()) {
            RMContainerRequestor.ContainerRequest r = e.getValue();
            attempts.put(e.getKey().toString(), e.getKey());
            pending.add(new PendingTask(e.getKey().toString(), Arrays.asList(r.hosts), Arrays.asList(r.racks),
                    PRIORITY_MAP.equals(r.priority)));
        }
        Optional<NetworkSnapshot> snapshot = client.usableSnapshot();
        if (snapshot.isEmpty()) {
            if (!fallbackLogged) {
                LOG.warn("Cormorant map assignment: NIM {}, stock assignment until it is back", client.status());
                fallbackLogged = true;
            }
            count(MapAssignmentCounter.NIM_FALLBACK_HEARTBEATS, 1);
            return;
        }
        if (fallbackLogged) {
            LOG.info("Cormorant map assignment: NIM usable again");
            fallbackLogged = false;
        }
        List<Match> plan = ContainerTaskMatching.plan(snapshot.get(), selector, containers, pending);
        if (plan.isEmpty()) {
            return;
        }
        Map<String, LinkedList<TaskAttemptId>> racks =
                (Map<String, LinkedList<TaskAttemptId>>) rackMapping.get(scheduled);
        Map<String, List<TaskAttemptId>> rackFirst = new LinkedHashMap<>();
        List<TaskAttemptId> anyFirst = new ArrayList<>();
        for (Match s : plan) {
            TaskAttemptId map = attempts.get(s.mapId());
            if (s.level() == ContainerTaskMatching.Level.RACK_LOCAL) {
                rackFirst.computeIfAbsent(s.container().rack(), r -> new ArrayList<>()).add(map);
            } else {
                anyFirst.add(map);
            }
            LOG.info("Cormorant: container {} on {} for {} ({}, {})", s.container().id(), s.container().host(),
                    s.mapId(), s.level(), s.byNetwork() ? s.selection().reason() : "stock choice");
        }
        rackFirst.forEach((rack, first) -> {
            LinkedList<TaskAttemptId> list = racks.get(rack);
            if (list != null) {
                list.removeAll(first);
                list.addAll(0, first);
            }
        });
        if (!anyFirst.isEmpty()) {
            LinkedHashMap<TaskAttemptId, RMContainerRequestor.ContainerRequest> reordered = new LinkedHashMap<>();
            for (TaskAttemptId id : anyFirst) {
                reordered.put(id, scheduled.maps.get(id));
            }
            reordered.putAll(scheduled.maps);
            scheduled.maps.clear();
            scheduled.maps.putAll(reordered);
        }
        planned = plan;
    }

    /** What the stock assignment did with the planned containers. */
    private void countWhatWasAssigned() {
        long network = 0;
        long stock = 0;
        long missed = 0;
        AssignedRequests assigned = getAssignedRequests();
        for (Match s : planned) {
            TaskAttemptId got = assigned.get(ContainerId.fromString(s.container().id()));
            if (got == null) {
                continue; // released, or already finished: nothing ran on the plan's choice
            }
            if (!got.toString().equals(s.mapId())) {
                missed++;
                LOG.info("Cormorant: container {} was given {}, not the planned {}", s.container().id(), got,
                        s.mapId());
            } else if (s.byNetwork()) {
                network++;
            } else {
                stock++;
            }
        }
        planned = List.of();
        count(MapAssignmentCounter.NETWORK_ASSIGNED_MAPS, network);
        count(MapAssignmentCounter.STOCK_ASSIGNED_MAPS, stock);
        count(MapAssignmentCounter.PLAN_NOT_FOLLOWED, missed);
    }

    @SuppressWarnings("unchecked")
    private void count(MapAssignmentCounter counter, long value) {
        if (value > 0) {
            JobCounterUpdateEvent update = new JobCounterUpdateEvent(getJob().getID());
            update.addCounterUpdate(counter, value);
            eventHandler.handle(update);
        }
    }
}
