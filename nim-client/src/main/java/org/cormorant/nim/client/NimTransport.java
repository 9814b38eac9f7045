package org.cormorant.nim.client;

import java.io.IOException;
import org.cormorant.nim.api.ApiTypes.ReservationRequest;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.api.ApiTypes.SnapshotView;
import org.cormorant.nim.api.ApiTypes.TopologyView;

/**
 * How {@link NimClient} talks to one kind of NIM: the standalone service's {@code /v1} API or the
 * OpenDaylight app's RESTCONF model. Both answer in the standalone API's types, so the client (and
 * the Hadoop plugins above it) do not care which NIM they use. Every method throws
 * {@link IOException} with a message an operator can act on when the NIM refuses or does not answer.
 */
interface NimTransport {
    SnapshotView snapshot() throws IOException, InterruptedException;

    /** The topology the last {@link #snapshot()} was measured on (same topology id). */
    TopologyView topology() throws IOException, InterruptedException;

    ReservationView reserve(ReservationRequest request) throws IOException, InterruptedException;

    void release(String reservationId) throws IOException, InterruptedException;

    static NimTransport of(NimClientConfig config) {
        return config.restconf() ? new RestconfTransport(config) : new V1Transport(config);
    }
}
