package org.cormorant.nim.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.cormorant.nim.load.PortCounterSample;
import org.junit.jupiter.api.Test;

class CounterSourcesTest {
    /** Output format of ovs-ofctl 3.x "--no-names -O OpenFlow13 dump-ports". */
    private static final String DUMP_PORTS = """
            OFPST_PORT reply (OF1.3) (xid=0x2): 3 ports
              port LOCAL: rx pkts=0, bytes=0, drop=0, errs=0, frame=0, over=0, crc=0
                       tx pkts=0, bytes=0, drop=0, errs=0, coll=0
                       duration=21.514s
              port  1: rx pkts=120, bytes=10080, drop=0, errs=0, frame=0, over=0, crc=0
                       tx pkts=97, bytes=8150, drop=0, errs=0, coll=0
                       duration=21.512s
              port  12: rx pkts=5, bytes=?, drop=0, errs=0, frame=0, over=0, crc=0
                       tx pkts=3, bytes=300, drop=0, errs=0, coll=0
              port  2: rx pkts=1, bytes=12345678901, drop=0, errs=0, frame=0, over=0, crc=0
                       tx pkts=2, bytes=42, drop=0, errs=0, coll=0
            """;

    @Test
    void ovsDumpPortsParsesNumberedPortsAndSkipsLocalAndUnknownCounters() {
        List<PortCounterSample> samples = OvsPortCounterSource.parse("e0", DUMP_PORTS, 5);
        assertEquals(List.of(new PortCounterSample("e0", 1, 10080, 8150, 5),
                new PortCounterSample("e0", 2, 12345678901L, 42, 5)), samples);
    }

    @Test
    void procNetDevParsesMappedInterfaces() {
        String text = """
                Inter-|   Receive                                                |  Transmit
                 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
                    lo:    1000      10    0    0    0     0          0         0     2000      20    0    0    0     0       0          0
                n1-eth0: 5555 3 0 0 0 0 0 0 7777 4 0 0 0 0 0 0
                """;
        List<PortCounterSample> samples = ProcNetDevCounterSource.parse(text,
                Map.of("n1-eth0", new ProcNetDevCounterSource.Port("n1", 0)), 9);
        assertEquals(List.of(new PortCounterSample("n1", 0, 5555, 7777, 9)), samples);
    }

    @Test
    void procNetDevReadsThisMachinesLoopback() throws Exception {
        ProcNetDevCounterSource source = new ProcNetDevCounterSource(Path.of("/proc/net/dev"),
                Map.of("lo", new ProcNetDevCounterSource.Port("h", 0)), System::currentTimeMillis);
        List<PortCounterSample> samples = source.poll();
        assertEquals(1, samples.size());
        assertTrue(samples.get(0).rxBytes() >= 0);
    }

    @Test
    void failingOvsCommandIsAnIOExceptionNotACrash() {
        OvsPortCounterSource source = new OvsPortCounterSource("/nonexistent/ovs-ofctl", List.of("e0"), () -> 1);
        assertFalse(source.describe().isEmpty());
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, source::poll);
    }
}
