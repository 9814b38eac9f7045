package org.cormorant.nim.service;

import java.io.IOException;
import java.util.List;
import org.cormorant.nim.load.PortCounterSample;

/** Where the standalone NIM reads port byte counters from; polled every interval. */
public interface CounterSource {
    /** One reading of every port this source knows. */
    List<PortCounterSample> poll() throws IOException;

    /** For logs: what is being read. */
    String describe();
}
