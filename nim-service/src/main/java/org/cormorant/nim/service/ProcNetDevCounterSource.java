package org.cormorant.nim.service;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.cormorant.nim.load.PortCounterSample;

/**
 * Reads a host's NIC counters from {@code /proc/net/dev}: for fabrics whose switches cannot be
 * polled, every host runs an agent with this source and pushes to the NIM. The link from a host to
 * its switch is measured by the host's transmit counter, the link back by its receive counter.
 */
public final class ProcNetDevCounterSource implements CounterSource {
    /** Which fabric port an interface is: host name and port number. */
    public record Port(String node, int port) {
    }

    private final Path file;
    private final Map<String, Port> interfaces;
    private final LongSupplier clock;

    public ProcNetDevCounterSource(Path file, Map<String, Port> interfaces, LongSupplier clockMillis) {
        this.file = file;
        this.interfaces = Map.copyOf(interfaces);
        this.clock = clockMillis;
    }

    @Override
    public List<PortCounterSample> poll() throws IOException {
        return parse(Files.readString(file, StandardCharsets.US_ASCII), interfaces, clock.getAsLong());
    }

    /** Receive bytes are the first field after "iface:", transmit bytes the ninth. */
    static List<PortCounterSample> parse(String text, Map<String, Port> interfaces, long timestampMillis) {
        List<PortCounterSample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            Port port = interfaces.get(line.substring(0, colon).strip());
            if (port == null) {
                continue;
            }
            String[] fields = line.substring(colon + 1).trim().split("\\s+");
            if (fields.length < 9) {
                continue;
            }
            try {
                samples.add(new PortCounterSample(port.node(), port.port(), Long.parseLong(fields[0]),
                        Long.parseLong(fields[8]), timestampMillis));
            } catch (NumberFormatException e) {
                // A line that is not counters (kernel format change): skip it rather than stop polling.
            }
        }
        return samples;
    }

    @Override
    public String describe() {
        return file + " for " + interfaces.keySet();
    }
}
