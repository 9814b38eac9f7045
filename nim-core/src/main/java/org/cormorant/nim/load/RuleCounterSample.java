package org.cormorant.nim.load;

import org.cormorant.nim.fabric.HostPair;

/**
 * Cumulative counters of one per-pair forwarding rule on the source's edge switch, as OpenFlow flow
 * statistics or {@code ovs-ofctl dump-flows} report them.
 *
 * @param switchName      switch holding the rule
 * @param priority        the rule's priority (with switch and pair it identifies the rule)
 * @param pair            the host pair the rule matches
 * @param bytes           bytes the rule matched since it was installed
 * @param durationSeconds how long the rule has been installed (tells a re-installed rule from an old one)
 * @param timestampMillis when the counters were read
 */
public record RuleCounterSample(String switchName, int priority, HostPair pair, long bytes, double durationSeconds,
                                long timestampMillis) {
}
