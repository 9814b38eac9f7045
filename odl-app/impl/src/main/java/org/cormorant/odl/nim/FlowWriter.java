package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.cormorant.nim.fabric.FabricNode;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.forwarding.FlowPlan;
import org.cormorant.nim.forwarding.FlowPlan.FlowRule;
import org.cormorant.nim.forwarding.ForwardingRule;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.path.Path;
import org.opendaylight.mdsal.binding.api.DataBroker;
import org.opendaylight.mdsal.binding.api.ReadTransaction;
import org.opendaylight.mdsal.binding.api.WriteTransaction;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Ipv4Prefix;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Uri;
import org.opendaylight.yang.gen.v1.urn.opendaylight.action.types.rev131112.action.action.OutputActionCaseBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.action.types.rev131112.action.action.output.action._case.OutputActionBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.action.types.rev131112.action.list.ActionBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowCapableNode;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.Table;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.TableKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.Flow;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.FlowBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.FlowKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.FlowCookie;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.OutputPortValues;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.flow.InstructionsBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.flow.Match;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.flow.MatchBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.instruction.instruction.ApplyActionsCaseBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.instruction.instruction.apply.actions._case.ApplyActionsBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.instruction.list.InstructionBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.Nodes;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.Node;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.NodeKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.l2.types.rev130827.EtherType;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.match.types.rev131026.ethernet.match.fields.EthernetTypeBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.match.types.rev131026.match.EthernetMatchBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.match.types.rev131026.match.layer._3.match.Ipv4MatchBuilder;
import org.opendaylight.yangtools.yang.binding.InstanceIdentifier;
import org.opendaylight.yangtools.yang.common.Uint16;
import org.opendaylight.yangtools.yang.common.Uint64;
import org.opendaylight.yangtools.yang.common.Uint8;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The flow scheduler's hands inside OpenDaylight: brings the switches' config datastore to nim-core's
 * {@link FlowPlan} (ECMP at priority 100, Hedera's large-flow pins at 150, reserved paths pinned at
 * 200) plus one LLDP-to-controller
 * flow per switch, writing only the difference to what it wrote before. openflowplugin's
 * forwarding-rules manager pushes config flows to the switches (and again when a switch reconnects).
 *
 * <p>Every flow goes to table 0 of {@code Nodes/Node(openflow:N)/FlowCapableNode}, with an id made of
 * {@link FlowRule#id()} and the switch (see {@link #flowId}) and a cookie whose upper 32 bits are
 * {@code "CORM"} ({@link #COOKIE_MARK}), so Cormorant's flows are told apart from anyone else's.
 * Like the standalone NIM's {@code OvsFlowInstaller}, it only touches flows it wrote, except at the
 * first sync, which also deletes Cormorant-cookie flows an earlier run left that the plan does not
 * want. Not thread
 * safe on its own: the provider calls it from its one poller thread.
 */
final class FlowWriter {
    private static final Logger LOG = LoggerFactory.getLogger(FlowWriter.class);

    /** Upper 32 bits of every Cormorant cookie: ASCII "CORM". */
    static final long COOKIE_MARK = 0x434f524dL << 32;
    static final long COOKIE_MASK = 0xffffffffL << 32;
    static final long COOKIE_LLDP = COOKIE_MARK | 1;
    static final long COOKIE_ECMP = COOKIE_MARK | 2;
    static final long COOKIE_PINNED = COOKIE_MARK | 3;
    static final long COOKIE_LARGE_FLOW = COOKIE_MARK | 4;
    static final long COOKIE_ARP = COOKIE_MARK | 5;
    static final String LLDP_FLOW = "cormorant-lldp";
    static final String ARP_FLOW = "cormorant-arp";
    /** Above every forwarding rule; LLDP frames never match an IPv4 rule anyway. */
    static final int LLDP_PRIORITY = 1000;
    static final int ETHERTYPE_IPV4 = 0x0800;
    static final int ETHERTYPE_LLDP = 0x88cc;
    static final int ETHERTYPE_ARP = ArpResponder.ETHERTYPE_ARP;

    /** One flow Cormorant wants on a switch: its datastore key and the rule behind it (null for LLDP, ARP). */
    record Entry(String node, String flowId, FlowRule rule) {
    }

    private final DataBroker dataBroker;
    private final long timeoutMillis;
    private final Set<Entry> installed = new HashSet<>();
    /** Cormorant flows found in the config datastore at start (an earlier run's), "node/flow-id". */
    private Set<String> leftovers;

    FlowWriter(DataBroker dataBroker, long timeoutMillis) {
        this.dataBroker = dataBroker;
        this.timeoutMillis = timeoutMillis;
    }

    /** What Cormorant wants on the switches for this NIM (nothing without one). */
    static List<Entry> desired(NetworkInformationManager nim) {
        return desired(nim, Map.of());
    }

    /** What Cormorant wants on the switches, with the Hedera scheduler's pins (host pair to path). */
    static List<Entry> desired(NetworkInformationManager nim, Map<HostPair, Path> largeFlowPins) {
        if (nim == null) {
            return List.of();
        }
        NetworkSnapshot snapshot = nim.snapshot();
        List<Entry> entries = new ArrayList<>();
        for (FabricNode sw : snapshot.fabric().switches()) {
            String node = nodeId(sw.name(), sw.datapathId());
            entries.add(new Entry(node, LLDP_FLOW, null));
            entries.add(new Entry(node, ARP_FLOW, null));
        }
        for (FlowRule rule : FlowPlan.desired(snapshot.paths(), nim.reservations(), largeFlowPins)) {
            ForwardingRule hop = rule.hop();
            String node = nodeId(hop.switchName(), hop.datapathId());
            entries.add(new Entry(node, flowId(rule, node), rule));
        }
        return entries;
    }

    /**
     * Writes the difference between the plan and what was written before in one transaction; returns
     * the number of flows written and deleted. On a failed commit nothing is recorded as written and
     * the next call tries the whole difference again (puts and deletes are idempotent).
     */
    int sync(NetworkInformationManager nim) throws InterruptedException, ExecutionException, TimeoutException {
        return sync(nim, Map.of());
    }

    /** {@link #sync(NetworkInformationManager)} with the Hedera scheduler's pins. */
    int sync(NetworkInformationManager nim, Map<HostPair, Path> largeFlowPins)
            throws InterruptedException, ExecutionException, TimeoutException {
        List<Entry> want = desired(nim, largeFlowPins);
        Set<Entry> wantSet = new HashSet<>(want);
        List<Entry> add = want.stream().filter(e -> !installed.contains(e)).toList();
        Set<String> addedKeys = new HashSet<>();
        add.forEach(e -> addedKeys.add(e.node() + '/' + e.flowId()));
        List<Entry> remove = installed.stream().filter(e -> !wantSet.contains(e)).toList();
        if (leftovers == null) {
            leftovers = leftovers();
        }
        Set<String> wantKeys = new HashSet<>();
        want.forEach(e -> wantKeys.add(e.node() + '/' + e.flowId()));
        List<String> stale = leftovers.stream().filter(k -> !wantKeys.contains(k)).sorted().toList();
        if (add.isEmpty() && remove.isEmpty() && stale.isEmpty()) {
            return 0;
        }
        WriteTransaction tx = dataBroker.newWriteOnlyTransaction();
        int deletes = 0;
        for (String key : stale) {
            int slash = key.indexOf('/');
            tx.delete(LogicalDatastoreType.CONFIGURATION, flowPath(key.substring(0, slash), key.substring(slash + 1)));
            deletes++;
        }
        for (Entry e : remove) {
            // A changed rule keeps its id: the put below replaces it, deleting it would race the put.
            if (!addedKeys.contains(e.node() + '/' + e.flowId())) {
                tx.delete(LogicalDatastoreType.CONFIGURATION, flowPath(e.node(), e.flowId()));
                deletes++;
            }
        }
        for (Entry e : add) {
            tx.mergeParentStructurePut(LogicalDatastoreType.CONFIGURATION, flowPath(e.node(), e.flowId()), flow(e));
        }
        tx.commit().get(timeoutMillis, TimeUnit.MILLISECONDS);
        remove.forEach(installed::remove);
        installed.addAll(add);
        leftovers = Set.of();
        LOG.info("Cormorant NIM flows: {} written, {} deleted ({} installed)", add.size(), deletes, installed.size());
        return add.size() + deletes;
    }

    /**
     * Flows with a Cormorant cookie already in the config datastore (written by an earlier run, kept
     * with the journal): the first sync deletes those the plan does not want, and overwrites the rest.
     */
    private Set<String> leftovers() throws InterruptedException, ExecutionException, TimeoutException {
        Set<String> found = new HashSet<>();
        try (ReadTransaction tx = dataBroker.newReadOnlyTransaction()) {
            Optional<Nodes> nodes = tx.read(LogicalDatastoreType.CONFIGURATION, InstanceIdentifier.create(Nodes.class))
                    .get(timeoutMillis, TimeUnit.MILLISECONDS);
            for (Node node : nodes.map(Nodes::nonnullNode).map(Map::values).orElse(List.of())) {
                FlowCapableNode flowCapable = node.augmentation(FlowCapableNode.class);
                Table table = flowCapable == null ? null : flowCapable.nonnullTable().get(new TableKey(Uint8.ZERO));
                if (table == null) {
                    continue;
                }
                for (Flow flow : table.nonnullFlow().values()) {
                    if (flow.getCookie() != null && flow.getCookie().getValue() != null
                            && (flow.getCookie().getValue().longValue() & COOKIE_MASK) == COOKIE_MARK) {
                        found.add(node.getId().getValue() + '/' + flow.getId().getValue());
                    }
                }
            }
        }
        if (!found.isEmpty()) {
            LOG.info("Cormorant NIM flows: {} found from an earlier run", found.size());
        }
        return found;
    }

    /** The flows written and not deleted since. */
    Set<Entry> installed() {
        return Set.copyOf(installed);
    }

    static String nodeId(String switchName, String datapathId) {
        return datapathId != null && !datapathId.isBlank() ? datapathId : switchName;
    }

    /**
     * The flow id: the rule's id (kind and address pair) and the switch, e.g.
     * {@code cormorant-pin-10.0.0.1-10.0.0.3-openflow-2}; no ':' so it needs no escaping in RESTCONF.
     */
    static String flowId(FlowRule rule, String node) {
        return rule.id() + "-" + node.replace(':', '-');
    }

    static InstanceIdentifier<Flow> flowPath(String node, String flowId) {
        return InstanceIdentifier.builder(Nodes.class)
                .child(Node.class, new NodeKey(new NodeId(node)))
                .augmentation(FlowCapableNode.class)
                .child(Table.class, new TableKey(Uint8.ZERO))
                .child(Flow.class, new FlowKey(new FlowId(flowId)))
                .build();
    }

    static Flow flow(Entry entry) {
        FlowBuilder flow = new FlowBuilder().setId(new FlowId(entry.flowId())).setTableId(Uint8.ZERO)
                .setFlowName(entry.flowId());
        FlowRule rule = entry.rule();
        if (rule == null) {
            boolean arp = ARP_FLOW.equals(entry.flowId());
            return flow.setPriority(Uint16.valueOf(LLDP_PRIORITY))
                    .setCookie(cookie(arp ? COOKIE_ARP : COOKIE_LLDP))
                    .setMatch(ethernet(arp ? ETHERTYPE_ARP : ETHERTYPE_LLDP).build())
                    .setInstructions(output(OutputPortValues.CONTROLLER.toString()))
                    .build();
        }
        ForwardingRule hop = rule.hop();
        Match match = ethernet(ETHERTYPE_IPV4)
                .setLayer3Match(new Ipv4MatchBuilder()
                        .setIpv4Source(new Ipv4Prefix(hop.srcAddress() + "/32"))
                        .setIpv4Destination(new Ipv4Prefix(hop.dstAddress() + "/32"))
                        .build())
                .build();
        return flow.setPriority(Uint16.valueOf(rule.priority()))
                .setCookie(cookie(switch (rule.priority()) {
                    case FlowPlan.PINNED_PRIORITY -> COOKIE_PINNED;
                    case FlowPlan.LARGE_FLOW_PRIORITY -> COOKIE_LARGE_FLOW;
                    default -> COOKIE_ECMP;
                }))
                .setMatch(match)
                .setInstructions(output(Integer.toString(hop.outPort())))
                .build();
    }

    private static FlowCookie cookie(long value) {
        return new FlowCookie(Uint64.fromLongBits(value));
    }

    private static MatchBuilder ethernet(int etherType) {
        return new MatchBuilder().setEthernetMatch(new EthernetMatchBuilder()
                .setEthernetType(new EthernetTypeBuilder()
                        .setType(new EtherType(org.opendaylight.yangtools.yang.common.Uint32.valueOf(etherType)))
                        .build())
                .build());
    }

    private static org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.flow.Instructions output(
            String port) {
        var action = new ActionBuilder().setOrder(0)
                .setAction(new OutputActionCaseBuilder().setOutputAction(new OutputActionBuilder()
                        .setOutputNodeConnector(new Uri(port))
                        .setMaxLength(Uint16.MAX_VALUE)
                        .build()).build())
                .build();
        var instruction = new InstructionBuilder().setOrder(0)
                .setInstruction(new ApplyActionsCaseBuilder().setApplyActions(new ApplyActionsBuilder()
                        .setAction(org.opendaylight.yangtools.yang.binding.util.BindingMap.of(action)).build()).build())
                .build();
        return new InstructionsBuilder()
                .setInstruction(org.opendaylight.yangtools.yang.binding.util.BindingMap.of(instruction)).build();
    }
}
