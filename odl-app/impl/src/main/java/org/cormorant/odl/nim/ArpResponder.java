package org.cormorant.odl.nim;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * Answers ARP requests for registered hosts on their behalf, so a fabric needs neither static ARP
 * entries nor ARP flooding (which over a multipath fabric would loop without a spanning tree): a
 * request reaching the controller (the ARP-to-controller flow every switch has) for a registered
 * host's IPv4 address gets a reply carrying that host's MAC, sent back out of the port the request
 * came in on. Requests for unknown addresses, replies, gratuitous ARPs and anything that is not an
 * Ethernet/IPv4 ARP request are ignored (dropped). Frames only, no OpenDaylight types: the provider
 * receives packet-ins and transmits the reply.
 */
final class ArpResponder {
    static final int ETHERTYPE_ARP = 0x0806;
    private static final int ETH_HEADER = 14;
    private static final int ARP_LENGTH = 28;
    private static final int OP_REQUEST = 1;
    private static final int OP_REPLY = 2;

    private final Function<String, String> macOfIp;

    /** {@code macOfIp}: a registered host's MAC ("00:00:00:00:00:01") by its dotted IPv4 address, or null. */
    ArpResponder(final Function<String, String> macOfIp) {
        this.macOfIp = macOfIp;
    }

    /** The reply frame to send back for {@code frame}, or empty when there is nothing to answer. */
    Optional<byte[]> reply(final byte[] frame) {
        if (frame == null || frame.length < ETH_HEADER + ARP_LENGTH || u16(frame, 12) != ETHERTYPE_ARP) {
            return Optional.empty();
        }
        int arp = ETH_HEADER;
        if (u16(frame, arp) != 1 || u16(frame, arp + 2) != 0x0800 || (frame[arp + 4] & 0xff) != 6
                || (frame[arp + 5] & 0xff) != 4 || u16(frame, arp + 6) != OP_REQUEST) {
            return Optional.empty();
        }
        String senderIp = ip(frame, arp + 14);
        String targetIp = ip(frame, arp + 24);
        if (senderIp.equals(targetIp)) {
            return Optional.empty(); // gratuitous: announces, asks nothing
        }
        String mac = macOfIp.apply(targetIp);
        Optional<byte[]> parsed = mac == null ? Optional.empty() : parseMac(mac);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        byte[] targetMac = parsed.orElseThrow();
        byte[] reply = new byte[ETH_HEADER + ARP_LENGTH];
        System.arraycopy(frame, arp + 8, reply, 0, 6);      // to the requester's MAC
        System.arraycopy(targetMac, 0, reply, 6, 6);        // from the host asked for
        reply[12] = (byte) (ETHERTYPE_ARP >> 8);
        reply[13] = (byte) ETHERTYPE_ARP;
        System.arraycopy(frame, arp, reply, arp, 6);        // htype, ptype, hlen, plen as asked
        reply[arp + 6] = 0;
        reply[arp + 7] = OP_REPLY;
        System.arraycopy(targetMac, 0, reply, arp + 8, 6);  // sender: the host asked for
        System.arraycopy(frame, arp + 24, reply, arp + 14, 4);
        System.arraycopy(frame, arp + 8, reply, arp + 18, 6); // target: the requester
        System.arraycopy(frame, arp + 14, reply, arp + 24, 4);
        return Optional.of(reply);
    }

    private static int u16(final byte[] bytes, final int at) {
        return (bytes[at] & 0xff) << 8 | bytes[at + 1] & 0xff;
    }

    private static String ip(final byte[] bytes, final int at) {
        return (bytes[at] & 0xff) + "." + (bytes[at + 1] & 0xff) + "." + (bytes[at + 2] & 0xff) + "."
            + (bytes[at + 3] & 0xff);
    }

    /** "aa:bb:cc:dd:ee:ff" (either case, ':' or '-'), or empty when it is not a MAC address. */
    static Optional<byte[]> parseMac(final String mac) {
        String[] parts = mac.trim().toLowerCase(Locale.ROOT).split("[:-]");
        if (parts.length != 6) {
            return Optional.empty();
        }
        byte[] out = new byte[6];
        for (int i = 0; i < 6; i++) {
            if (!parts[i].matches("[0-9a-f]{1,2}")) {
                return Optional.empty();
            }
            out[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        return Optional.of(out);
    }
}
