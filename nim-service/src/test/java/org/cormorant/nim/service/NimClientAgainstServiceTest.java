package org.cormorant.nim.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.client.NimClient;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.client.NimStatus;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.cormorant.nim.load.PortCounterSample;
import org.cormorant.nim.path.Path;
import org.cormorant.nim.query.PathBandwidth;
import org.cormorant.nim.schedule.BandwidthTaskSelector;
import org.cormorant.nim.schedule.CandidateTask;
import org.cormorant.nim.schedule.SchedulingMode;
import org.cormorant.nim.schedule.TaskSelection;
import org.cormorant.nim.schedule.TaskSelectionPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client the Hadoop plugins use, against a real standalone NIM on loopback. */
class NimClientAgainstServiceTest {
    private final AtomicLong now = new AtomicLong(1_700_000_000_000L);
    private NetworkInformationManager nim;
    private NimService service;
    private NimClient client;

    @BeforeEach
    void start() throws Exception {
        Fabric fabric = StandardFabrics.cormorantTestbed(1e9);
        nim = new NetworkInformationManager(fabric, NimSettings.defaults().withSmoothing(1.0), now::get);
        service = new NimService(nim, List.of(), 60_000,
                new NimHttpServer(new NimApi(nim, "t"), "127.0.0.1", 0, 2)).start();
        client = new NimClient(new NimClientConfig(URI.create("http://127.0.0.1:" + service.port()), 60_000, 2000,
                15_000, "t"), now::get);
    }

    @AfterEach
    void stop() {
        client.close();
        service.close();
    }

    /** n0's edge switch e0 sends at {@code bps} to n1 (e0 port 2) over the last second. */
    private void loadLinkToN1(double bps) {
        long t = now.get();
        nim.recordCounters(List.of(new PortCounterSample("e0", 2, 0, 0, t - 1000),
                new PortCounterSample("e0", 2, 0, (long) (bps / 8), t)));
        service.pollOnce();
    }

    @Test
    void localCopyAnswersLikeTheServer() {
        assertEquals(NimStatus.Health.UNREACHABLE, client.status().health());
        loadLinkToN1(9e8);
        assertTrue(client.refresh());
        assertEquals(NimStatus.Health.FRESH, client.status().health(), client.status().reason());
        NetworkSnapshot local = client.usableSnapshot().orElseThrow();
        assertEquals(nim.snapshot().version(), local.version());
        for (int i = 0; i < local.fabric().linkCount(); i++) {
            assertEquals(nim.snapshot().availableBps(i), local.availableBps(i), 1e-6);
        }
        // Algorithm 1 in-process on the copy: n3's data reaches n1 at 100 Mbit/s, n5's at 1 Gbit/s... but
        // n1's own downlink is the bottleneck for both, so the threshold postpones.
        BandwidthTaskSelector selector = new BandwidthTaskSelector(TaskSelectionPolicy.of(SchedulingMode.COLLABORATIVE));
        TaskSelection toN1 = selector.select(local, "n1", List.of(new CandidateTask("m1", List.of("n3")),
                new CandidateTask("m2", List.of("n5"))));
        assertEquals(TaskSelection.Outcome.POSTPONED, toN1.outcome(), toN1.reason());
        TaskSelection toN2 = selector.select(local, "n2", List.of(new CandidateTask("m1", List.of("n1")),
                new CandidateTask("m2", List.of("n5"))));
        assertTrue(toN2.chosen());
    }

    @Test
    void reservationIsSeenLocallyBeforeTheNextRefresh() {
        loadLinkToN1(0);
        assertTrue(client.refresh());
        NetworkSnapshot before = client.usableSnapshot().orElseThrow();
        List<Path> candidates = before.paths().between(before.fabric().host("n2").index(),
                before.fabric().host("n0").index());
        Path chosen = PathBandwidth.best(before, candidates).orElseThrow();
        Optional<ReservationView> made = client.reserve("attempt_1", "n2", "n0", chosen, 6e8, 30_000);
        assertTrue(made.isPresent());
        assertEquals(chosen.nodeNames(before.fabric()), made.get().path());
        NetworkSnapshot after = client.usableSnapshot().orElseThrow();
        assertEquals(4e8, PathBandwidth.of(after, chosen), 1);
        // A second transfer between the same racks is steered to the other aggregation switch.
        List<Path> others = after.paths().between(after.fabric().host("n3").index(), after.fabric().host("n1").index());
        assertNotEquals(chosen.nodeNames(after.fabric()).get(2),
                PathBandwidth.best(after, others).orElseThrow().nodeNames(after.fabric()).get(2));
        assertTrue(client.release(made.get().id()));
        assertFalse(client.release(made.get().id()));
        assertEquals(0, nim.reservations().size());
    }

    @Test
    void staleMeasurementsAndDeadNimMeanFallBack() {
        loadLinkToN1(1e8);
        assertTrue(client.refresh());
        assertTrue(client.status().usable());
        // Counters stop arriving: the NIM still answers, but its newest measurement ages.
        now.addAndGet(20_000);
        assertTrue(client.refresh());
        assertEquals(NimStatus.Health.STALE, client.status().health());
        assertTrue(client.usableSnapshot().isEmpty());
        // Fresh counters again: usable.
        loadLinkToN1(1e8);
        assertTrue(client.refresh());
        assertTrue(client.status().usable());
        // The NIM dies: refreshes fail; once the copy is too old the client says unreachable.
        service.close();
        assertFalse(client.refresh());
        assertTrue(client.status().usable(), "a recent copy survives one failed refresh");
        now.addAndGet(20_000);
        assertEquals(NimStatus.Health.UNREACHABLE, client.status().health());
        assertTrue(client.status().reason().contains("not answering"), client.status().reason());
        assertTrue(client.reserve("x", "n1", "n2", null, 1, 1000).isEmpty());
        assertTrue(client.refreshFailures() >= 1);
    }

    @Test
    void unreachableFromTheStart() {
        NimClient nowhere = new NimClient(new NimClientConfig(URI.create("http://127.0.0.1:1"), 1000, 500, 1000, null));
        assertFalse(nowhere.refresh());
        assertEquals(NimStatus.Health.UNREACHABLE, nowhere.status().health());
        assertTrue(nowhere.usableSnapshot().isEmpty());
    }
}
