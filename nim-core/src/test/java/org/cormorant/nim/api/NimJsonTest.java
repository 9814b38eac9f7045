package org.cormorant.nim.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import java.util.List;
import org.cormorant.nim.api.ApiTypes.CounterBatch;
import org.cormorant.nim.api.ApiTypes.ReservationRequest;
import org.cormorant.nim.api.ApiTypes.SnapshotView;
import org.cormorant.nim.api.ApiTypes.TopologyView;
import org.cormorant.nim.fabric.FabricJson;
import org.cormorant.nim.fabric.StandardFabrics;
import org.cormorant.nim.load.PortCounterSample;
import org.junit.jupiter.api.Test;

class NimJsonTest {
    private final ObjectMapper mapper = NimJson.mapper();

    @Test
    void counterBatchRoundTrips() throws Exception {
        CounterBatch batch = new CounterBatch(List.of(
                new PortCounterSample("e0", 3, 10, 12_500_000, 1_000),
                new PortCounterSample("10.0.0.1", 0, Long.MAX_VALUE, 0, 2_000)));
        assertEquals(batch, mapper.readValue(mapper.writeValueAsString(batch), CounterBatch.class));
    }

    @Test
    void reservationRequestMayLeaveOutPathBandwidthAndTtl() throws Exception {
        ReservationRequest r = mapper.readValue("{\"owner\": \"app\", \"src\": \"n2\", \"dst\": \"n0\"}",
                ReservationRequest.class);
        assertEquals(new ReservationRequest("app", "n2", "n0", null, null, null), r);
        String written = mapper.writeValueAsString(r);
        assertFalse(written.contains("path"), "nulls are left out: " + written);
    }

    @Test
    void unknownFieldsAreRejectedSoClientAndServiceCannotDrift() {
        assertThrows(JsonProcessingException.class,
                () -> mapper.readValue("{\"src\": \"n0\", \"dst\": \"n1\", \"bandwidth\": 5}", ReservationRequest.class));
    }

    @Test
    void nullForAPrimitiveIsRejected() {
        assertThrows(JsonProcessingException.class, () -> mapper.readValue(
                "{\"node\": \"e0\", \"port\": null, \"rxBytes\": 0, \"txBytes\": 0, \"timestampMillis\": 0}",
                PortCounterSample.class));
    }

    @Test
    void snapshotViewWritesUnmeasuredLinksAsNull() throws Exception {
        SnapshotView view = new SnapshotView("t1", 3, 1_000, 5, Arrays.asList(1.0e8, null),
                new double[] {0, 0}, new int[] {1, 0}, new double[] {9e8, 1e9});
        String json = mapper.writeValueAsString(view);
        assertTrue(json.contains("\"measuredBps\":[1.0E8,null]"), json);
        SnapshotView back = mapper.readValue(json, SnapshotView.class);
        assertEquals(view.measuredBps(), back.measuredBps());
        assertEquals(1, back.flows()[0]);
    }

    @Test
    void topologyViewCarriesAFabricFileThatParsesBack() throws Exception {
        TopologyView view = new TopologyView("abc",
                FabricJson.toFile(StandardFabrics.cormorantTestbed(StandardFabrics.GBPS)));
        TopologyView back = mapper.readValue(mapper.writeValueAsString(view), TopologyView.class);
        assertEquals(view, back);
        assertEquals(32, FabricJson.parse(mapper.writeValueAsString(back.fabric())).linkCount());
    }
}
