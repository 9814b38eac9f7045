package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.List;
import org.cormorant.odl.nim.NetworkReading.PortCounters;
import org.cormorant.odl.nim.NetworkReading.SwitchLink;
import org.cormorant.odl.nim.NetworkReading.SwitchPort;

/**
 * Readings of a small two-tier network as openflowplugin would report it: edge switches
 * openflow:1 and openflow:2, each cabled to both spines openflow:3 and openflow:4 (ports 3, 4),
 * hosts on ports 1 and 2 of the edges. LLDP reports each cable once per direction.
 */
final class TestNetworks {
    static final long SPEED_KBPS = 10_000; // 10 Mbit/s

    private TestNetworks() {
    }

    static NetworkReading leafSpine(long now, long bytes, long durationMillis) {
        List<SwitchPort> ports = new ArrayList<>();
        for (int edge = 1; edge <= 2; edge++) {
            for (int port = 1; port <= 4; port++) {
                ports.add(new SwitchPort("openflow:" + edge, port, SPEED_KBPS,
                        new PortCounters(bytes, bytes, durationMillis)));
            }
        }
        for (int spine = 3; spine <= 4; spine++) {
            for (int port = 1; port <= 2; port++) {
                ports.add(new SwitchPort("openflow:" + spine, port, SPEED_KBPS,
                        new PortCounters(bytes, bytes, durationMillis)));
            }
        }
        List<SwitchLink> links = new ArrayList<>();
        for (int edge = 1; edge <= 2; edge++) {
            for (int spine = 3; spine <= 4; spine++) {
                // edge port 3 goes to spine 3, port 4 to spine 4; spine port N goes to edge N
                links.add(new SwitchLink("openflow:" + edge, spine, "openflow:" + spine, edge));
                links.add(new SwitchLink("openflow:" + spine, edge, "openflow:" + edge, spine));
            }
        }
        return new NetworkReading(List.of("openflow:1", "openflow:2", "openflow:3", "openflow:4"), ports, links, now);
    }

    static List<RegisteredHost> hosts() {
        return List.of(
                new RegisteredHost("h1", "10.0.0.1", "00:00:00:00:00:01", "openflow:1", 1),
                new RegisteredHost("h2", "10.0.0.2", "00:00:00:00:00:02", "openflow:1", 2),
                new RegisteredHost("h3", "10.0.0.3", "00:00:00:00:00:03", "openflow:2", 1),
                new RegisteredHost("h4", "10.0.0.4", "00:00:00:00:00:04", "openflow:2", 2));
    }
}
