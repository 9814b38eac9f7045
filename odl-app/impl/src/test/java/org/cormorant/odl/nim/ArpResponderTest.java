package org.cormorant.odl.nim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ARP requests as a Linux host sends them (42 bytes, no padding) and the replies for registered hosts. */
class ArpResponderTest {
    private static final HexFormat HEX = HexFormat.of();
    private final ArpResponder responder = new ArpResponder(Map.of("10.0.0.3", "00:00:00:00:00:03")::get);

    /** Who has TPA? Tell SPA (from SHA), broadcast. */
    private static byte[] request(String sha, String spa, String tpa, int op) {
        return HEX.parseHex("ffffffffffff" + sha + "0806" + "0001" + "0800" + "06" + "04" + String.format("%04x", op)
            + sha + spa + "000000000000" + tpa);
    }

    @Test
    void aRequestForARegisteredHostIsAnsweredWithItsMac() {
        byte[] reply = responder.reply(request("000000000001", "0a000001", "0a000003", 1)).orElseThrow();
        assertEquals("000000000001" + "000000000003" + "0806" + "0001" + "0800" + "06" + "04" + "0002"
            + "000000000003" + "0a000003" + "000000000001" + "0a000001", HEX.formatHex(reply));
    }

    @Test
    void unknownAddressesRepliesGratuitousAndOtherFramesAreIgnored() {
        assertTrue(responder.reply(request("000000000001", "0a000001", "0a000009", 1)).isEmpty(), "not registered");
        assertTrue(responder.reply(request("000000000001", "0a000001", "0a000003", 2)).isEmpty(), "a reply");
        assertTrue(responder.reply(request("000000000003", "0a000003", "0a000003", 1)).isEmpty(), "gratuitous");
        byte[] ipv4 = request("000000000001", "0a000001", "0a000003", 1);
        ipv4[12] = 0x08;
        ipv4[13] = 0x00;
        assertTrue(responder.reply(ipv4).isEmpty(), "not ARP");
        assertTrue(responder.reply(new byte[20]).isEmpty(), "truncated");
        assertTrue(responder.reply(null).isEmpty());
    }

    @Test
    void macAddressesParseOrAreRejected() {
        byte[] mac = {0, 0x1b, (byte) 0xaa, 0, 0, 1};
        assertArrayEquals(mac, ArpResponder.parseMac("00:1B:aa:00:00:01").orElseThrow());
        assertArrayEquals(mac, ArpResponder.parseMac("00-1b-aa-00-00-01").orElseThrow());
        assertTrue(ArpResponder.parseMac("00:1b:aa:00:00").isEmpty());
        assertTrue(ArpResponder.parseMac("zz:1b:aa:00:00:01").isEmpty());
        ArpResponder badMac = new ArpResponder(ip -> "not-a-mac");
        assertTrue(badMac.reply(request("000000000001", "0a000001", "0a000003", 1)).isEmpty());
    }
}
