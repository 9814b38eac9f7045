package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.cormorant.nim.fabric.Fabric;
import org.cormorant.nim.load.NetworkInformationManager;
import org.cormorant.nim.load.NetworkSnapshot;
import org.cormorant.nim.load.NimSettings;
import org.junit.jupiter.api.Test;

class NimEngineTest {
    private final AtomicLong now = new AtomicLong(100_000);
    private final NimEngine engine = new NimEngine(NimSettings.defaults().withSmoothing(1.0), now::get,
            new FabricAssembler("flow:1", 1e9, true));

    @Test
    void countersBecomeLinkLoad() {
        engine.hosts().register(TestNetworks.hosts(), false);
        assertTrue(engine.refresh(TestNetworks.leafSpine(now.get(), 0, 1_000)).fabricChanged());
        NetworkInformationManager nim = engine.nim();
        assertNotNull(nim);
        // 5 s later every port has sent and received 3.125 MB: 5 Mbit/s on 10 Mbit/s ports
        now.addAndGet(5_000);
        var result = engine.refresh(TestNetworks.leafSpine(now.get(), 3_125_000, 6_000));
        assertFalse(result.fabricChanged());
        assertEquals(12, result.samplesAccepted());
        NetworkSnapshot snapshot = nim.snapshot();
        Fabric fabric = snapshot.fabric();
        int h1 = fabric.host("h1").index();
        int link = fabric.linkFromPort(h1, 0).orElseThrow().index();
        assertEquals(5e6, snapshot.measuredBps(link), 1.0);
        assertEquals(5e6, snapshot.availableBps(link), 1.0);
        assertEquals(0, snapshot.ageMillis(now.get()));
    }

    @Test
    void aTopologyChangeReplacesTheFabricAndKeepsTheNim() {
        engine.hosts().register(TestNetworks.hosts(), false);
        engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0));
        NetworkInformationManager nim = engine.nim();
        final String id = engine.topologyId();
        final var reservation = nim.reserve("test", "h1", "h3", null, 1e6, 60_000);

        engine.hosts().register(List.of(new RegisteredHost("h5", "10.0.0.5", null, "openflow:3", 5)), false);
        var result = engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0));
        assertTrue(result.fabricChanged());
        assertSame(nim, engine.nim());
        assertFalse(id.equals(engine.topologyId()));
        assertTrue(engine.attachedHosts().contains("h5"));
        // h1 -> h3 still exists hop by hop: the reservation survives the change
        assertTrue(result.dropped().isEmpty());
        assertTrue(nim.reservation(reservation.id()).isPresent());
    }

    @Test
    void noSwitchesMeansNoNimAndDropsReservations() {
        engine.hosts().register(TestNetworks.hosts(), false);
        engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0));
        engine.nim().reserve("test", "h1", "h3", null, 1e6, 60_000);
        var result = engine.refresh(new NetworkReading(List.of(), List.of(), List.of(), now.get()));
        assertNull(engine.nim());
        assertEquals(1, result.dropped().size());
    }

    @Test
    void lapsedReservationsAreReportedOnce() {
        engine.hosts().register(TestNetworks.hosts(), false);
        engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0));
        engine.nim().reserve("test", "h1", "h3", null, 1e6, 1_000);
        now.addAndGet(2_000);
        assertEquals(1, engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0)).expired().size());
        assertEquals(0, engine.refresh(TestNetworks.leafSpine(now.get(), 0, 0)).expired().size());
    }
}
