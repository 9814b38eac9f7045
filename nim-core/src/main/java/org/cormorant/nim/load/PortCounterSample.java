package org.cormorant.nim.load;

/**
 * Cumulative byte counters of one port at one instant, as OpenFlow port statistics, {@code ovs-ofctl
 * dump-ports} or a host's {@code /proc/net/dev} report them.
 *
 * @param node            fabric node name (switch or host)
 * @param port            port number on that node (OpenFlow port, or N of a host's ethN)
 * @param rxBytes         bytes received since the counter was last reset
 * @param txBytes         bytes transmitted since the counter was last reset
 * @param timestampMillis when the counters were read (wall clock of the reader)
 */
public record PortCounterSample(String node, int port, long rxBytes, long txBytes, long timestampMillis) {
}
