package org.cormorant.nim.fabric;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes fabric files (format documented in {@code docs/fabric-format.md}).
 *
 * <pre>{@code
 * { "name": "cormorant-testbed",
 *   "switches": [ {"name": "e0", "dpid": "openflow:1"} ],
 *   "hosts":    [ {"name": "n0", "addresses": ["10.0.0.1"]} ],
 *   "links":    [ {"a": "n0", "b": "e0", "capacityMbps": 1000} ] }
 * }</pre>
 *
 * A file that cannot be used is rejected with a {@link FabricException} naming the line and the
 * field, e.g. {@code line 9: links[3].capacityMbps: ...}.
 */
public final class FabricJson {
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    /** The file as written: one entry per cable, capacities in Mbit/s. */
    public record FabricFile(String name, Double defaultCapacityMbps, List<SwitchEntry> switches,
                             List<HostEntry> hosts, List<LinkEntry> links) {
    }

    public record SwitchEntry(String name, String dpid) {
    }

    public record HostEntry(String name, List<String> addresses) {
    }

    /** {@code delayMs} is for the Mininet launcher; the NIM itself only needs capacities. */
    public record LinkEntry(String a, Integer aPort, String b, Integer bPort, Double capacityMbps, Double delayMs) {
    }

    private FabricJson() {
    }

    public static Fabric read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new FabricException("cannot read fabric file " + file + ": " + e.getMessage(), e);
        }
        try {
            return parse(text);
        } catch (FabricException e) {
            throw new FabricException(file + ": " + e.getMessage(), e);
        }
    }

    public static Fabric parse(String text) {
        FabricFile file;
        try {
            file = STRICT.readValue(text, FabricFile.class);
        } catch (JsonMappingException e) {
            throw new FabricException(where(e.getLocation()) + pathOf(e) + e.getOriginalMessage(), e);
        } catch (JsonProcessingException e) {
            throw new FabricException(where(e.getLocation()) + "not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (file == null) {
            throw new FabricException("fabric file is empty");
        }
        return toFabric(file, text);
    }

    private static Fabric toFabric(FabricFile file, String text) {
        FabricBuilder builder = new FabricBuilder(file.name());
        double defaultMbps = file.defaultCapacityMbps() == null ? Double.NaN : file.defaultCapacityMbps();
        List<SwitchEntry> switches = file.switches() == null ? List.of() : file.switches();
        List<HostEntry> hosts = file.hosts() == null ? List.of() : file.hosts();
        List<LinkEntry> links = file.links() == null ? List.of() : file.links();
        for (int i = 0; i < switches.size(); i++) {
            SwitchEntry s = switches.get(i);
            String at = "switches[" + i + "]";
            if (s == null) {
                throw located(text, at, "entry is null", "switches", i);
            }
            try {
                builder.addSwitch(required(s.name(), "name"), s.dpid());
            } catch (FabricException e) {
                throw located(text, at, e.getMessage(), "switches", i);
            }
        }
        for (int i = 0; i < hosts.size(); i++) {
            HostEntry h = hosts.get(i);
            String at = "hosts[" + i + "]";
            if (h == null) {
                throw located(text, at, "entry is null", "hosts", i);
            }
            try {
                builder.addHost(required(h.name(), "name"),
                        h.addresses() == null ? new String[0] : h.addresses().toArray(String[]::new));
            } catch (FabricException e) {
                throw located(text, at, e.getMessage(), "hosts", i);
            }
        }
        for (int i = 0; i < links.size(); i++) {
            LinkEntry l = links.get(i);
            String at = "links[" + i + "]";
            if (l == null) {
                throw located(text, at, "entry is null", "links", i);
            }
            try {
                double mbps = l.capacityMbps() != null ? l.capacityMbps() : defaultMbps;
                if (Double.isNaN(mbps)) {
                    throw new FabricException("capacityMbps: missing, and the file has no defaultCapacityMbps");
                }
                if (!(mbps > 0) || mbps * 1e6 > FabricBuilder.MAX_CAPACITY_BPS) {
                    throw new FabricException("capacityMbps: " + mbps + " is not a usable capacity (0 < Mbit/s <= "
                            + (long) (FabricBuilder.MAX_CAPACITY_BPS / 1e6) + ")");
                }
                if (l.delayMs() != null && (l.delayMs() < 0 || l.delayMs() > 10_000)) {
                    throw new FabricException("delayMs: " + l.delayMs() + " is outside 0..10000");
                }
                builder.connect(required(l.a(), "a"), port(l.aPort(), "aPort"),
                        required(l.b(), "b"), port(l.bPort(), "bPort"), mbps * 1e6);
            } catch (FabricException e) {
                throw located(text, at, e.getMessage(), "links", i);
            }
        }
        return builder.build();
    }

    private static String required(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new FabricException(field + ": missing");
        }
        return value;
    }

    private static int port(Integer value, String field) {
        if (value == null) {
            return -1;
        }
        if (value < 0 || value > 0xffff_ff00L) {
            throw new FabricException(field + ": " + value + " is not a port number");
        }
        return value;
    }

    /** Serialises a fabric as a fabric file, one entry per cable with explicit ports. */
    public static String write(Fabric fabric) {
        return writeValue(toFile(fabric));
    }

    public static FabricFile toFile(Fabric fabric) {
        List<SwitchEntry> switches = new ArrayList<>();
        List<HostEntry> hosts = new ArrayList<>();
        for (FabricNode node : fabric.nodes()) {
            if (node.isSwitch()) {
                switches.add(new SwitchEntry(node.name(), node.datapathId()));
            } else {
                hosts.add(new HostEntry(node.name(), node.addresses()));
            }
        }
        List<LinkEntry> links = new ArrayList<>();
        for (Link link : fabric.links()) {
            if (link.index() < link.reverse()) {
                links.add(new LinkEntry(fabric.node(link.from()).name(), link.fromPort(),
                        fabric.node(link.to()).name(), link.toPort(), link.capacityBps() / 1e6, null));
            }
        }
        return new FabricFile(fabric.name(), null, switches, hosts, links);
    }

    static String writeValue(Object value) {
        try {
            return STRICT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private static FabricException located(String text, String at, String message, String array, int index) {
        int line = lineOfElement(text, array, index);
        return new FabricException((line > 0 ? "line " + line + ": " : "") + at + ": " + message);
    }

    /** Line of the {@code index}-th element of the top-level array {@code array}, or -1. */
    static int lineOfElement(String text, String array, int index) {
        try (JsonParser p = new JsonFactory().createParser(text)) {
            String wanted = "/" + array + "/" + index;
            JsonToken token;
            while ((token = p.nextToken()) != null) {
                if ((token == JsonToken.START_OBJECT || token.isScalarValue())
                        && p.getParsingContext().pathAsPointer().toString().equals(wanted)) {
                    return p.currentTokenLocation().getLineNr();
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    private static String where(JsonLocation location) {
        return location == null || location.getLineNr() < 0
                ? "" : "line " + location.getLineNr() + ", column " + location.getColumnNr() + ": ";
    }

    private static String pathOf(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.length() == 0 ? "" : path + ": ";
    }
}
