package org.cormorant.nim.schedule;

import org.cormorant.nim.path.Path;

/**
 * A large flow seen in the network that no scheduler announced.
 *
 * @param id          caller's identifier (e.g. the 5-tuple)
 * @param src         source host
 * @param dst         destination host
 * @param demandBps   the rate it would take if unconstrained (Hedera's natural demand)
 * @param currentPath where it runs now, or null; its current rate is given back to these links
 *                    before placing, since the measured load already contains it
 * @param currentBps  its measured rate on {@code currentPath}
 */
public record LargeFlow(String id, String src, String dst, double demandBps, Path currentPath, double currentBps) {
}
