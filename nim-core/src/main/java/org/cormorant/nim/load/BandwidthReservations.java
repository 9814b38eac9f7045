package org.cormorant.nim.load;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cormorant.nim.path.Path;

/**
 * The ledger of bandwidth reservations (Firebird 5.4.5). Not thread-safe: the
 * {@link NetworkInformationManager} serialises access.
 */
final class BandwidthReservations {
    private final Map<String, Reservation> byId = new LinkedHashMap<>();
    private long sequence;

    Reservation add(String owner, String src, String dst, Path path, double bps, long nowMillis, long ttlMillis) {
        String id = "r" + (++sequence);
        Reservation reservation = new Reservation(id, owner, src, dst, path, bps, nowMillis, nowMillis + ttlMillis);
        byId.put(id, reservation);
        return reservation;
    }

    Optional<Reservation> release(String id) {
        return Optional.ofNullable(byId.remove(id));
    }

    Optional<Reservation> get(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** Drops and returns the reservations whose lease ran out. */
    List<Reservation> expire(long nowMillis) {
        List<Reservation> expired = new ArrayList<>();
        byId.values().removeIf(r -> {
            if (r.expiresAtMillis() <= nowMillis) {
                expired.add(r);
                return true;
            }
            return false;
        });
        return expired;
    }

    /**
     * Adds every live reservation to the per-link totals: each counts as a flow on its links, and
     * its bandwidth is subtracted only while it is younger than {@code holdMillis} (after that the
     * port counters see the transfer itself).
     */
    void accumulate(double[] reservedBps, int[] flows, long nowMillis, long holdMillis) {
        for (Reservation r : byId.values()) {
            if (r.expiresAtMillis() <= nowMillis) {
                continue;
            }
            boolean holding = nowMillis - r.createdAtMillis() < holdMillis;
            for (int link : r.path().linksUnsafe()) {
                flows[link]++;
                if (holding) {
                    reservedBps[link] += r.bandwidthBps();
                }
            }
        }
    }

    Collection<Reservation> all() {
        return List.copyOf(byId.values());
    }

    void replaceAll(Collection<Reservation> reservations) {
        byId.clear();
        for (Reservation r : reservations) {
            byId.put(r.id(), r);
        }
    }
}
