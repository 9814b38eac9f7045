package org.cormorant.nim.fabric;

/**
 * One direction of a cable. Load and reservations are per direction because a shuffle
 * can saturate A to B while B to A stays idle.
 *
 * @param index       dense index inside its {@link Fabric}
 * @param from        index of the sending node
 * @param fromPort    port number on the sending node (OpenFlow port on a switch, ethN on a host)
 * @param to          index of the receiving node
 * @param toPort      port number on the receiving node
 * @param capacityBps line rate in bits per second
 * @param reverse     index of the opposite direction of the same cable
 */
public record Link(int index, int from, int fromPort, int to, int toPort, double capacityBps, int reverse) {
}
