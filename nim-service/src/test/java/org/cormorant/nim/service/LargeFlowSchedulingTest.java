package org.cormorant.nim.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.HostPair;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.RuleCounterSample;
import org.cormorant.nim.schedule.LargeFlowPlacement;
import org.cormorant.nim.schedule.LargeFlowScheduler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --hedera} without a fabric: dump-flows parsing, and the poll loop driving a stand-in
 * {@code ovs-ofctl} (a script that prints the test's flow table and logs every change), so the
 * pins the installer adds and removes can be read back. The real thing runs in
 * {@code HederaOnMininetIT}.
 */
class LargeFlowSchedulingTest {
    /** Output format of ovs-ofctl 3.1 "--no-names -O OpenFlow13 dump-flows e0" with the flow plan installed. */
    private static final String DUMP_FLOWS_E0 = """
            OFPST_FLOW reply (OF1.3) (xid=0x2):
             cookie=0x0, duration=61.233s, table=0, n_packets=1200, n_bytes=1817400, priority=100,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3 actions=output:3
             cookie=0x0, duration=2.210s, table=0, n_packets=10, n_bytes=980, priority=150,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3 actions=output:4
             cookie=0x0, duration=61.233s, table=0, n_packets=7, n_bytes=686, priority=100,ip,nw_src=10.0.0.3,nw_dst=10.0.0.1 actions=output:1
             cookie=0x0, duration=9.001s, table=0, n_packets=0, n_bytes=0, priority=200,ip,nw_src=10.0.0.2,nw_dst=10.0.0.6 actions=output:4
             cookie=0x0, duration=61.233s, table=0, n_packets=3, n_bytes=300, priority=120,ip,nw_src=10.0.0.2,nw_dst=10.0.0.7 actions=output:3
             cookie=0x0, duration=61.259s, table=0, n_packets=0, n_bytes=0, priority=0 actions=drop
            """;

    private final Fabric fabric = StandardFabrics.cormorantTestbed(20e6);

    @Test
    void dumpFlowsKeepsThePlansRulesOfPairsSentFromThisSwitch() {
        List<RuleCounterSample> samples = OvsFlowCounterSource.parse(fabric, "e0", DUMP_FLOWS_E0, 7);
        assertEquals(List.of(
                new RuleCounterSample("e0", 100, new HostPair("n0", "n2"), 1817400, 61.233, 7),
                new RuleCounterSample("e0", 150, new HostPair("n0", "n2"), 980, 2.210, 7),
                new RuleCounterSample("e0", 200, new HostPair("n1", "n5"), 0, 9.001, 7)), samples,
                "n2 -> n0 is counted on e1; priority 120 is not Cormorant's; the table-miss rule has no pair");
    }

    @Test
    void aLargeFlowGetsAPinAtPriority150AndLosesItWhenItEnds(@TempDir Path dir) throws Exception {
        Path ofctl = fakeOvsOfctl(dir);
        AtomicLong clock = new AtomicLong(100_000);
        NetworkInformationManager nim = new NetworkInformationManager(fabric, NimSettings.defaults().withSmoothing(1.0), clock::get);
        OvsFlowInstaller installer = new OvsFlowInstaller(nim, ofctl.toString());
        LargeFlowScheduler scheduler = new LargeFlowScheduler(nim, new LargeFlowPlacement(), 5_000);
        NimApi api = new NimApi(nim, null);
        try (NimService service = new NimService(nim, List.of(), 1_000, new NimHttpServer(api, "127.0.0.1", 0, 1))
                .withFlowInstaller(installer)
                .withLargeFlowScheduler(scheduler, new OvsFlowCounterSource(ofctl.toString(), fabric, clock::get))) {
            Path calls = dir.resolve("calls.log");
            flows(dir, 0, 60);
            service.pollOnce();
            assertTrue(Files.readString(calls).contains("priority=100,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3"), "ECMP installed");
            assertFalse(Files.readString(calls).contains("priority=150"));

            clock.addAndGet(1_000);
            flows(dir, 2_000_000, 61);  // 16 Mbit/s of 20: a large flow
            service.pollOnce();
            assertEquals(16e6, scheduler.rates().get(new HostPair("n0", "n2")), 1);
            assertFalse(Files.readString(calls).contains("priority=150"), "the first round ran before any rate was known");

            clock.addAndGet(5_000);
            flows(dir, 12_000_000, 66);
            service.pollOnce();
            assertEquals(List.of(new HostPair("n0", "n2")), List.copyOf(scheduler.pins().keySet()));
            String added = Files.readString(calls);
            assertTrue(added.contains("add-flow e0 priority=150,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3,actions=output:"), added);
            assertEquals(3, added.lines().filter(l -> l.contains("priority=150")).count(), "one rule per switch on the path");

            clock.addAndGet(5_000);
            flows(dir, 12_000_000, 71);  // the flow ended
            service.pollOnce();
            assertTrue(scheduler.pins().isEmpty());
            assertEquals(3, Files.readString(calls).lines()
                    .filter(l -> l.contains("del-flows") && l.contains("priority=150,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3")).count());
        }
    }

    @Test
    void theSchedulerNeedsTheInstaller() throws Exception {
        NetworkInformationManager nim = new NetworkInformationManager(fabric);
        NimService service = new NimService(nim, List.of(), 1_000, new NimHttpServer(new NimApi(nim, null), "127.0.0.1", 0, 1));
        assertThrows(IllegalStateException.class, () -> service.withLargeFlowScheduler(
                new LargeFlowScheduler(nim, new LargeFlowPlacement(), 5_000),
                new OvsFlowCounterSource("ovs-ofctl", fabric, () -> 0)));
        assertThrows(IllegalArgumentException.class, () -> new LargeFlowScheduler(nim, new LargeFlowPlacement(), 0));
    }

    /** e0's table as dump-flows would print it: the n0 -> n2 ECMP rule with the given counters. */
    private static void flows(Path dir, long bytes, double age) throws Exception {
        Files.writeString(dir.resolve("e0.flows"), "OFPST_FLOW reply (OF1.3) (xid=0x2):\n cookie=0x0, duration=" + age
                + "s, table=0, n_packets=1, n_bytes=" + bytes + ", priority=100,ip,nw_src=10.0.0.1,nw_dst=10.0.0.3 actions=output:3\n");
    }

    private static Path fakeOvsOfctl(Path dir) throws Exception {
        Path script = dir.resolve("ovs-ofctl");
        Files.writeString(script, """
                #!/bin/sh
                # dump-flows BRIDGE prints DIR/BRIDGE.flows; anything else is logged.
                dir="$(dirname "$0")"
                for last; do :; done
                case " $* " in
                  *" dump-flows "*) cat "$dir/$last.flows" 2>/dev/null || echo "OFPST_FLOW reply (OF1.3) (xid=0x2):" ;;
                  *) shift 2; echo "$*" >> "$dir/calls.log" ;;
                esac
                """);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }
}
