package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.google.common.util.concurrent.FluentFuture;
import com.google.common.util.concurrent.Futures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.cormorant.nim.forwarding.FlowPlan;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.Reservation;
import org.cormorant.odl.nim.FlowWriter.Entry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.mdsal.binding.api.DataBroker;
import org.opendaylight.mdsal.binding.api.ReadTransaction;
import org.opendaylight.mdsal.binding.api.WriteTransaction;
import org.opendaylight.mdsal.common.api.CommitInfo;
import org.opendaylight.mdsal.common.api.LogicalDatastoreType;
import org.opendaylight.yang.gen.v1.urn.opendaylight.action.types.rev131112.action.action.OutputActionCase;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowCapableNodeBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.FlowId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.Table;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.TableBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.Flow;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.FlowBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.inventory.rev130819.tables.table.FlowKey;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.FlowCookie;
import org.opendaylight.yang.gen.v1.urn.opendaylight.flow.types.rev131026.instruction.instruction.ApplyActionsCase;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeId;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.Nodes;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodesBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.Node;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.NodeBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.model.match.types.rev131026.match.layer._3.match.Ipv4Match;
import org.opendaylight.yangtools.yang.binding.InstanceIdentifier;
import org.opendaylight.yangtools.yang.binding.util.BindingMap;
import org.opendaylight.yangtools.yang.common.Uint64;
import org.opendaylight.yangtools.yang.common.Uint8;

/** FlowWriter against a mocked DataBroker: what it puts into and deletes from the config datastore. */
class FlowWriterTest {
    private final AtomicLong now = new AtomicLong(100_000);
    private final NimEngine engine = new NimEngine(NimSettings.defaults(), now::get,
            new FabricAssembler("flow:1", 1e7, true));
    private final DataBroker broker = mock(DataBroker.class);
    private final FlowWriter writer = new FlowWriter(broker, 1000);
    /** Writes of the last transaction, by "node/flow-id". */
    private final Map<String, Flow> puts = new LinkedHashMap<>();
    private final List<String> deletes = new ArrayList<>();
    private int transactions;

    @BeforeEach
    void setUp() {
        doAnswer(invocation -> {
            transactions++;
            puts.clear();
            deletes.clear();
            WriteTransaction tx = mock(WriteTransaction.class);
            doAnswer(put -> {
                InstanceIdentifier<?> path = put.getArgument(1);
                puts.put(key(path), put.getArgument(2));
                return null;
            }).when(tx).mergeParentStructurePut(eq(LogicalDatastoreType.CONFIGURATION), any(InstanceIdentifier.class),
                    any());
            doAnswer(delete -> {
                deletes.add(key(delete.getArgument(1)));
                return null;
            }).when(tx).delete(eq(LogicalDatastoreType.CONFIGURATION), any(InstanceIdentifier.class));
            doReturn(CommitInfo.emptyFluentFuture()).when(tx).commit();
            return tx;
        }).when(broker).newWriteOnlyTransaction();
        configHolds(broker, null);
        engine.hosts().register(TestNetworks.hosts(), false);
        engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0));
    }

    /** The config datastore as the writer reads it at start: {@code nodes}, or nothing. */
    private static void configHolds(DataBroker on, Nodes nodes) {
        ReadTransaction read = mock(ReadTransaction.class);
        doReturn(read).when(on).newReadOnlyTransaction();
        doReturn(FluentFuture.from(Futures.immediateFuture(Optional.ofNullable(nodes)))).when(read)
                .read(eq(LogicalDatastoreType.CONFIGURATION), any(InstanceIdentifier.class));
    }

    private static String key(InstanceIdentifier<?> path) {
        String node = path.firstKeyOf(Node.class).getId().getValue();
        String flow = ((InstanceIdentifier<Flow>) path).firstKeyOf(Flow.class).getId().getValue();
        return node + "/" + flow;
    }

    private Map<String, Flow> withPriority(int priority) {
        return puts.entrySet().stream().filter(e -> e.getValue().getPriority().toJava() == priority)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static int outPort(Flow flow) {
        var apply = (ApplyActionsCase) flow.getInstructions().nonnullInstruction().values().iterator().next()
                .getInstruction();
        var output = (OutputActionCase) apply.getApplyActions().nonnullAction().values().iterator().next().getAction();
        return Integer.parseInt(output.getOutputAction().getOutputNodeConnector().getValue());
    }

    @Test
    void firstSyncWritesLldpAndArpPerSwitchAndEcmpForEveryPair() throws Exception {
        final int changed = writer.sync(engine.nim());
        assertEquals(1, transactions);
        Map<String, Flow> punts = withPriority(FlowWriter.LLDP_PRIORITY);
        assertEquals(Set.of("openflow:1/cormorant-lldp", "openflow:2/cormorant-lldp", "openflow:3/cormorant-lldp",
                "openflow:4/cormorant-lldp", "openflow:1/cormorant-arp", "openflow:2/cormorant-arp",
                "openflow:3/cormorant-arp", "openflow:4/cormorant-arp"), punts.keySet());
        for (Map.Entry<String, Flow> e : punts.entrySet()) {
            Flow flow = e.getValue();
            boolean arp = e.getKey().endsWith("/cormorant-arp");
            assertEquals(arp ? 0x0806 : 0x88cc,
                    flow.getMatch().getEthernetMatch().getEthernetType().getType().getValue().intValue());
            var apply = (ApplyActionsCase) flow.getInstructions().nonnullInstruction().values().iterator().next()
                    .getInstruction();
            var output = (OutputActionCase) apply.getApplyActions().nonnullAction().values().iterator().next()
                    .getAction();
            assertEquals("CONTROLLER", output.getOutputAction().getOutputNodeConnector().getValue());
            assertEquals(arp ? FlowWriter.COOKIE_ARP : FlowWriter.COOKIE_LLDP, flow.getCookie().getValue().longValue());
            assertEquals(0, flow.getTableId().intValue());
        }
        Map<String, Flow> ecmp = withPriority(FlowPlan.ECMP_PRIORITY);
        // 12 ordered pairs: 2 same-edge pairs x2 take one hop, 8 cross-edge pairs take three
        assertEquals(2 * 2 + 8 * 3, ecmp.size());
        assertEquals(punts.size() + ecmp.size(), changed);
        assertTrue(deletes.isEmpty());
        Flow h1ToH2 = ecmp.get("openflow:1/cormorant-ecmp-10.0.0.1-10.0.0.2-openflow-1");
        assertEquals(2, outPort(h1ToH2));
        assertEquals(0x0800, h1ToH2.getMatch().getEthernetMatch().getEthernetType().getType().getValue().intValue());
        Ipv4Match ip = (Ipv4Match) h1ToH2.getMatch().getLayer3Match();
        assertEquals("10.0.0.1/32", ip.getIpv4Source().getValue());
        assertEquals("10.0.0.2/32", ip.getIpv4Destination().getValue());
        assertEquals(FlowWriter.COOKIE_ECMP, h1ToH2.getCookie().getValue().longValue());
        assertEquals(h1ToH2.getId().getValue(), "cormorant-ecmp-10.0.0.1-10.0.0.2-openflow-1");
        assertEquals(0x434f524dL, h1ToH2.getCookie().getValue().longValue() >>> 32);
    }

    @Test
    void nothingIsWrittenWhenThePlanDidNotChange() throws Exception {
        writer.sync(engine.nim());
        now.addAndGet(5_000);
        engine.refresh(TestNetworks.leafSpine(now.get(), 1_000, 5_000));
        assertEquals(0, writer.sync(engine.nim()));
        assertEquals(1, transactions);
        verify(broker, org.mockito.Mockito.times(1)).newWriteOnlyTransaction();
    }

    @Test
    void aReservationIsPinnedOnItsPathAndReleaseDeletesIt() throws Exception {
        writer.sync(engine.nim());
        final Reservation reservation = engine.nim().reserve("job", "h1", "h3",
                List.of("h1", "openflow:1", "openflow:4", "openflow:2", "h3"), 1e6, 60_000);
        assertEquals(3, writer.sync(engine.nim()));
        assertEquals(2, transactions);
        assertTrue(deletes.isEmpty());
        Map<String, Flow> pinned = withPriority(FlowPlan.PINNED_PRIORITY);
        assertEquals(Set.of("openflow:1/cormorant-pin-10.0.0.1-10.0.0.3-openflow-1",
                "openflow:4/cormorant-pin-10.0.0.1-10.0.0.3-openflow-4",
                "openflow:2/cormorant-pin-10.0.0.1-10.0.0.3-openflow-2"), pinned.keySet());
        assertEquals(puts.keySet(), pinned.keySet());
        // edge 1 port 4 goes to spine 4, spine 4 port 2 to edge 2, edge 2 port 1 to h3
        assertEquals(4, outPort(pinned.get("openflow:1/cormorant-pin-10.0.0.1-10.0.0.3-openflow-1")));
        assertEquals(2, outPort(pinned.get("openflow:4/cormorant-pin-10.0.0.1-10.0.0.3-openflow-4")));
        assertEquals(1, outPort(pinned.get("openflow:2/cormorant-pin-10.0.0.1-10.0.0.3-openflow-2")));
        pinned.values().forEach(f -> assertEquals(FlowWriter.COOKIE_PINNED, f.getCookie().getValue().longValue()));

        assertTrue(engine.nim().release(reservation.id()));
        assertEquals(3, writer.sync(engine.nim()));
        assertTrue(puts.isEmpty());
        assertEquals(new TreeSet<>(pinned.keySet()), new TreeSet<>(deletes));
    }

    @Test
    void anExpiredReservationsFlowsAreDeleted() throws Exception {
        engine.nim().reserve("job", "h2", "h4", null, 1e6, 1_000);
        writer.sync(engine.nim());
        assertEquals(3, withPriority(FlowPlan.PINNED_PRIORITY).size());
        now.addAndGet(2_000);
        assertEquals(1, engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0)).expired().size());
        assertEquals(3, writer.sync(engine.nim()));
        assertTrue(puts.isEmpty());
        assertEquals(3, deletes.size());
        deletes.forEach(d -> assertTrue(d.contains("/cormorant-pin-10.0.0.2-10.0.0.4-"), d));
    }

    @Test
    void noSwitchesDeletesEverythingWritten() throws Exception {
        int written = writer.sync(engine.nim());
        engine.refresh(new NetworkReading(List.of(), List.of(), List.of(), now.get()));
        assertEquals(written, writer.sync(engine.nim()));
        assertEquals(written, deletes.size());
        assertTrue(writer.installed().isEmpty());
    }

    @Test
    void aFailedCommitIsRetriedWhole() throws Exception {
        DataBroker failing = mock(DataBroker.class);
        WriteTransaction tx = mock(WriteTransaction.class);
        doReturn(tx).when(failing).newWriteOnlyTransaction();
        doReturn(org.opendaylight.mdsal.common.api.CommitInfo.emptyFluentFuture()).when(tx).commit();
        doReturn(com.google.common.util.concurrent.FluentFuture.from(
                com.google.common.util.concurrent.Futures.immediateFailedFuture(new IllegalStateException("down"))))
                .when(tx).commit();
        configHolds(failing, null);
        FlowWriter flaky = new FlowWriter(failing, 1000);
        org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.ExecutionException.class,
                () -> flaky.sync(engine.nim()));
        assertTrue(flaky.installed().isEmpty());
        verify(tx, never()).delete(any(), any());
    }

    @Test
    void theFirstSyncDeletesAnEarlierRunsFlowsThePlanDoesNotWant() throws Exception {
        Entry old = new Entry("openflow:1", "cormorant-pin-10.0.0.9-10.0.0.3-openflow-1", null);
        Flow stale = new FlowBuilder(FlowWriter.flow(old)).setCookie(new FlowCookie(
                Uint64.fromLongBits(FlowWriter.COOKIE_PINNED))).build();
        Flow kept = FlowWriter.flow(new Entry("openflow:1", "cormorant-lldp", null));
        Flow foreign = new FlowBuilder(kept).withKey(new FlowKey(new FlowId("someone-else")))
                .setId(new FlowId("someone-else"))
                .setCookie(new FlowCookie(Uint64.valueOf(7))).build();
        Table table = new TableBuilder().setId(Uint8.ZERO).setFlow(BindingMap.of(stale, kept, foreign)).build();
        Nodes nodes = new NodesBuilder().setNode(BindingMap.of(new NodeBuilder().setId(new NodeId("openflow:1"))
                .addAugmentation(new FlowCapableNodeBuilder().setTable(BindingMap.of(table)).build()).build()))
                .build();
        configHolds(broker, nodes);
        writer.sync(engine.nim());
        assertEquals(List.of("openflow:1/cormorant-pin-10.0.0.9-10.0.0.3-openflow-1"), deletes);
        assertTrue(puts.containsKey("openflow:1/cormorant-lldp"));
        // later syncs do not look again
        assertEquals(0, writer.sync(engine.nim()));
    }
}
