package org.cormorant.yarn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.AppSchedulingInfo;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.NodeType;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.activities.DiagnosticsCollector;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.SchedulingMode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.ContainerRequest;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.LocalityAppPlacementAllocator;
import org.apache.hadoop.yarn.server.scheduler.SchedulerRequestKey;
import org.cormorant.nim.schedule.TaskSelection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cormorant's task scheduler inside the stock CapacityScheduler
 * ({@code yarn.scheduler.app-placement-allocator.class}). One instance serves one request (an
 * application attempt's asks at one priority). When a node heartbeat is about to give it a
 * container that is not node-local, it applies Algorithm 1 over the hosts its pending asks name:
 * the node gets the container only if one of those hosts reaches it with more available bandwidth
 * than the threshold; otherwise the request is postponed on this node (bounded by
 * {@code cormorant.scheduler.max-postpone-ms}). Node-local placements, requests without host asks
 * (AM and reduce containers), delay scheduling, queues and preemption stay stock.
 */
public class NetworkAwarePlacementAllocator<N extends SchedulerNode> extends LocalityAppPlacementAllocator<N> {
    private static final Logger LOG = LoggerFactory.getLogger(NetworkAwarePlacementAllocator.class);

    private NetworkPlacement placement;
    private String request;
    /** The choice made in precheckNode, reserved when the same node's allocation commits. */
    private final Map<String, TaskSelection> chosenForNode = new ConcurrentHashMap<>();

    @Override
    public void initialize(AppSchedulingInfo appSchedulingInfo, SchedulerRequestKey schedulerRequestKey,
                           RMContext rmContext) {
        super.initialize(appSchedulingInfo, schedulerRequestKey, rmContext);
        this.placement = NetworkPlacement.forResourceManager(rmContext.getYarnConfiguration());
        this.request = appSchedulingInfo.getApplicationAttemptId() + "/p" + schedulerRequestKey.getPriority().getPriority()
                + "/" + schedulerRequestKey.getAllocationRequestId();
    }

    @Override
    public boolean precheckNode(SchedulerNode node, SchedulingMode schedulingMode,
                                Optional<DiagnosticsCollector> diagnostics) {
        if (!super.precheckNode(node, schedulingMode, diagnostics)) {
            return false;
        }
        try {
            String host = node.getNodeName();
            if (getOutstandingAsksCount(host) > 0) {
                return true;
            }
            List<String> dataHosts = dataHosts();
            if (dataHosts.isEmpty()) {
                return true;
            }
            NetworkPlacement.Decision decision = placement.decide(request, host, dataHosts);
            if (decision.selection() != null && decision.selection().chosen()) {
                chosenForNode.put(host, decision.selection());
            } else {
                chosenForNode.remove(host);
            }
            return decision.allow();
        } catch (RuntimeException e) {
            // Never let the plugin stop the scheduler: the stock answer stands.
            LOG.warn("network-aware precheck failed for {} on {}; using stock placement", request, node.getNodeName(), e);
            return true;
        }
    }

    @Override
    public ContainerRequest allocate(SchedulerRequestKey schedulerKey, NodeType type, SchedulerNode node) {
        ContainerRequest result = super.allocate(schedulerKey, type, node);
        try {
            placement.placed(request);
            TaskSelection chosen = chosenForNode.remove(node.getNodeName());
            if (type != NodeType.NODE_LOCAL) {
                if (chosen != null) {
                    placement.metrics().nonLocalByNetwork.incr();
                    placement.reserveAsync(request, chosen, node.getNodeName());
                } else {
                    placement.metrics().nonLocalStock.incr();
                }
            }
        } catch (RuntimeException e) {
            LOG.warn("network-aware bookkeeping failed for {}", request, e);
        }
        return result;
    }

    /** Hosts named by this request's outstanding asks (not racks, not ANY). */
    private List<String> dataHosts() {
        List<String> hosts = new ArrayList<>();
        for (Map.Entry<String, ResourceRequest> ask : getResourceRequests().entrySet()) {
            String name = ask.getKey();
            if (!ResourceRequest.ANY.equals(name) && !name.startsWith("/") && ask.getValue().getNumContainers() > 0) {
                hosts.add(name);
            }
        }
        return hosts;
    }
}
