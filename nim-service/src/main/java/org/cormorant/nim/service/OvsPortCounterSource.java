package org.cormorant.nim.service;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cormorant.nim.load.PortCounterSample;

/**
 * Reads Open vSwitch port counters with {@code ovs-ofctl dump-ports}, one call per bridge. Bridge
 * names are the fabric's switch names (as the Mininet launcher creates them). This is the source
 * for a cluster whose switches are OVS but which runs no SDN controller.
 */
public final class OvsPortCounterSource implements CounterSource {
    private static final Pattern PORT = Pattern.compile(
            "port\\s+(\\d+):\\s*rx pkts=[^,]*, bytes=(\\d+|\\?).*?tx pkts=[^,]*, bytes=(\\d+|\\?)", Pattern.DOTALL);

    private final String ovsOfctl;
    private final List<String> bridges;
    private final LongSupplier clock;

    public OvsPortCounterSource(String ovsOfctl, List<String> bridges, LongSupplier clockMillis) {
        this.ovsOfctl = ovsOfctl;
        this.bridges = List.copyOf(bridges);
        this.clock = clockMillis;
    }

    @Override
    public List<PortCounterSample> poll() throws IOException {
        List<PortCounterSample> samples = new ArrayList<>();
        for (String bridge : bridges) {
            String output = run(ovsOfctl, "--no-names", "-O", "OpenFlow13", "dump-ports", bridge);
            samples.addAll(parse(bridge, output, clock.getAsLong()));
        }
        return samples;
    }

    /**
     * Parses {@code dump-ports} output. The LOCAL port and counters OVS reports as "?" are skipped.
     */
    static List<PortCounterSample> parse(String bridge, String output, long timestampMillis) {
        List<PortCounterSample> samples = new ArrayList<>();
        // Each port block starts with "port N:"; split so the DOTALL match cannot run into the next block.
        for (String block : output.split("(?=\\n\\s*port\\s)")) {
            Matcher m = PORT.matcher(block);
            if (m.find() && !m.group(2).equals("?") && !m.group(3).equals("?")) {
                samples.add(new PortCounterSample(bridge, Integer.parseInt(m.group(1)),
                        Long.parseLong(m.group(2)), Long.parseLong(m.group(3)), timestampMillis));
            }
        }
        return samples;
    }

    static String run(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in 10 s");
            }
            String text = new String(out, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " failed (" + process.exitValue() + "): " + text.strip());
            }
            return text;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + command[0], e);
        }
    }

    @Override
    public String describe() {
        return "ovs-ofctl dump-ports on " + bridges;
    }
}
