package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.util.concurrent.Futures;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.load.NimSettings;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidthInput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidthInputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.AvailableBandwidthOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Bps;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Nim;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.NodeName;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.RegisterHostsInputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.RegisterHostsOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReleasePathInputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReservePathInputBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.ReservePathOutput;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.available.bandwidth.input.PairBuilder;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.available.bandwidth.output.Result;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.register.hosts.input.HostBuilder;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.IpAddress;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.yang.ietf.inet.types.rev130715.Ipv4Address;
import org.opendaylight.yangtools.yang.binding.util.BindingMap;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.RpcError;
import org.opendaylight.yangtools.yang.common.RpcResult;
import org.opendaylight.yangtools.yang.common.Uint32;
import org.opendaylight.yangtools.yang.common.Uint64;

class NimRpcsTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private NimEngine engine;
    private NimRpcs rpcs;

    @BeforeEach
    void setUp() {
        engine = new NimEngine(NimSettings.defaults(), now::get, new FabricAssembler("flow:1", 1e9, true));
        rpcs = new NimRpcs(engine, () -> {
            engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0));
            return Futures.immediateFuture(null);
        });
    }

    private void registerAll() throws Exception {
        var hosts = TestNetworks.hosts().stream().map(h -> new HostBuilder()
                .setName(new NodeName(h.name()))
                .setIp(new IpAddress(new Ipv4Address(h.ip())))
                .setSwitch(h.switchNode())
                .setPort(Uint32.valueOf(h.port()))
                .build()).toList();
        RegisterHostsOutput out = rpcs.registerHosts(new RegisterHostsInputBuilder()
                .setHost(BindingMap.of(hosts)).build()).get().getResult();
        assertEquals(4, out.getRegistered().intValue());
        assertEquals(4, out.getAttached().intValue());
    }

    private static AvailableBandwidthInput pairs(String... names) {
        var list = new java.util.ArrayList<org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.available
                .bandwidth.input.Pair>();
        for (int i = 0; i < names.length; i += 2) {
            list.add(new PairBuilder().setSrc(new NodeName(names[i])).setDst(new NodeName(names[i + 1])).build());
        }
        return new AvailableBandwidthInputBuilder().setPair(list).build();
    }

    @Test
    void availableBandwidthAnswersEveryPairAndNamesUnknownHosts() throws Exception {
        registerAll();
        AvailableBandwidthOutput out = rpcs.availableBandwidth(pairs("h1", "h3", "10.0.0.2", "nosuch")).get()
                .getResult();
        List<Result> results = out.getResult();
        assertEquals(2, results.size());
        Result ok = results.get(0);
        assertNull(ok.getError());
        assertEquals(10_000_000L, ok.getAvailableBps().getValue().longValue());
        assertEquals(2, ok.getCandidatePaths().intValue());
        assertEquals(5, ok.getBestPath().size());
        assertEquals("h1", ok.getBestPath().get(0).getValue());
        assertTrue(results.get(1).getError().startsWith("unknown host: nosuch"));
    }

    @Test
    void withoutTopologyEveryPairIsUnknown() throws Exception {
        AvailableBandwidthOutput out = rpcs.availableBandwidth(pairs("h1", "h3")).get().getResult();
        assertTrue(out.getResult().get(0).getError().contains("no topology yet"));
        assertNull(out.getSnapshotVersion());
        var reserve = rpcs.reservePath(new ReservePathInputBuilder().setSrc(new NodeName("h1"))
                .setDst(new NodeName("h3")).setBandwidthBps(new Bps(Uint64.ONE)).build()).get();
        assertError(reserve, ErrorTag.INVALID_VALUE, NimRpcs.UNKNOWN_HOST);
    }

    @Test
    void reserveAndReleaseAPath() throws Exception {
        registerAll();
        RpcResult<ReservePathOutput> reserved = rpcs.reservePath(new ReservePathInputBuilder()
                .setOwner("test").setSrc(new NodeName("h1")).setDst(new NodeName("h3"))
                .setPath(List.of(new NodeName("h1"), new NodeName("openflow:1"), new NodeName("openflow:4"),
                        new NodeName("openflow:2"), new NodeName("h3")))
                .setBandwidthBps(new Bps(Uint64.valueOf(4_000_000)))
                .setTtlMs(Uint64.valueOf(30_000)).build()).get();
        assertTrue(reserved.isSuccessful(), reserved.getErrors().toString());
        ReservePathOutput out = reserved.getResult();
        assertEquals("openflow:4", out.getPath().get(2).getValue());
        assertEquals(now.get() + 30_000, out.getExpiresAt().getValue().longValue());
        // the best path for the next transfer avoids the reserved spine
        Result next = rpcs.availableBandwidth(pairs("h2", "h4")).get().getResult().getResult().get(0);
        assertEquals("openflow:3", next.getBestPath().get(2).getValue());
        // the container shows it
        Nim container = NimContainer.of(engine);
        assertEquals(1, container.nonnullReservation().size());
        assertEquals(Nim.Status.Ok, container.getStatus());
        assertEquals(16, container.nonnullLink().size());

        assertTrue(rpcs.releasePath(new ReleasePathInputBuilder().setId(out.getId()).build()).get().isSuccessful());
        RpcResult<?> again = rpcs.releasePath(new ReleasePathInputBuilder().setId(out.getId()).build()).get();
        assertError(again, ErrorTag.DATA_MISSING, NimRpcs.NOT_FOUND);
    }

    @Test
    void badReservationsFailWithAClearError() throws Exception {
        registerAll();
        var unknown = rpcs.reservePath(new ReservePathInputBuilder().setSrc(new NodeName("h1"))
                .setDst(new NodeName("nosuch")).setBandwidthBps(new Bps(Uint64.ONE)).build()).get();
        assertError(unknown, ErrorTag.INVALID_VALUE, NimRpcs.UNKNOWN_HOST);
        assertTrue(unknown.getErrors().iterator().next().getMessage().contains("nosuch"));

        var tooMuch = rpcs.reservePath(new ReservePathInputBuilder().setSrc(new NodeName("h1"))
                .setDst(new NodeName("h3")).setBandwidthBps(new Bps(Uint64.valueOf(20_000_000))).build()).get();
        assertError(tooMuch, ErrorTag.INVALID_VALUE, NimRpcs.BAD_REQUEST);

        var notCandidate = rpcs.reservePath(new ReservePathInputBuilder().setSrc(new NodeName("h1"))
                .setDst(new NodeName("h3")).setPath(List.of(new NodeName("h1"), new NodeName("h3")))
                .setBandwidthBps(new Bps(Uint64.ONE)).build()).get();
        assertError(notCandidate, ErrorTag.INVALID_VALUE, NimRpcs.BAD_REQUEST);
    }

    @Test
    void conflictingHostsAreRefusedWhole() throws Exception {
        registerAll();
        var clash = new HostBuilder().setName(new NodeName("h9")).setSwitch("openflow:1")
                .setPort(Uint32.valueOf(1)).build();
        var result = rpcs.registerHosts(new RegisterHostsInputBuilder().setHost(BindingMap.of(clash)).build()).get();
        assertError(result, ErrorTag.INVALID_VALUE, NimRpcs.BAD_REQUEST);
        assertEquals(4, engine.hosts().size());
        var pending = new HostBuilder().setName(new NodeName("h9")).setSwitch("openflow:77")
                .setPort(Uint32.valueOf(1)).build();
        RegisterHostsOutput out = rpcs.registerHosts(new RegisterHostsInputBuilder()
                .setHost(BindingMap.of(pending)).build()).get().getResult();
        assertEquals(5, out.getRegistered().intValue());
        assertEquals(4, out.getAttached().intValue());
        assertEquals("h9", out.getPending().iterator().next().getValue());
        assertFalse(NimContainer.of(engine).nonnullHost().values().stream()
                .filter(h -> h.getName().getValue().equals("h9")).findFirst().orElseThrow().getAttached());
    }

    private static void assertError(RpcResult<?> result, ErrorTag tag, String appTag) throws ExecutionException {
        assertFalse(result.isSuccessful());
        RpcError error = result.getErrors().iterator().next();
        assertEquals(tag, error.getTag());
        assertEquals(appTag, error.getApplicationTag());
    }
}
