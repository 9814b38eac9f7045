package org.cormorant.odl.nim;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A cluster host as the cluster registered it: where it is cabled and which addresses name it.
 *
 * @param name       host name (the fabric node name)
 * @param ip         IP address, or null
 * @param mac        MAC address, or null
 * @param switchNode OpenFlow node id of the switch it is cabled to
 * @param port       OpenFlow port number on that switch
 */
public record RegisteredHost(String name, String ip, String mac, String switchNode, int port) {
    public RegisteredHost {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(switchNode, "switchNode");
    }

    /** The other names the host is known by in queries: its IP and MAC address. */
    public List<String> addresses() {
        List<String> addresses = new ArrayList<>(2);
        if (ip != null) {
            addresses.add(ip);
        }
        if (mac != null) {
            addresses.add(mac);
        }
        return addresses;
    }
}
