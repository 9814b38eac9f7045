package org.cormorant.hdfs;

import org.apache.hadoop.conf.Configuration;
import org.cormorant.nim.client.NimClientConfig;
import org.cormorant.nim.hadoop.NimClientSettings;

/**
 * The hdfs-site.xml keys of the replica selector (docs/configuration.md). {@link #from} fails with
 * an {@link IllegalArgumentException} naming the key, which stops the NameNode at start.
 *
 * @param mode                 stock, independent or collaborative
 * @param nim                  how to reach the NIM; null in stock mode
 * @param reservationTtlMillis lifetime of a reservation made for a read (collaborative)
 * @param reservationFraction  share of the chosen path's line rate reserved for a read (collaborative)
 */
public record ReplicaSelectorSettings(ReplicaMode mode, NimClientConfig nim, long reservationTtlMillis,
                                      double reservationFraction) {
    public static final String MODE = "cormorant.replica.mode";
    public static final String RESERVATION_TTL_MS = "cormorant.replica.reservation-ttl-ms";
    public static final String RESERVATION_FRACTION = "cormorant.replica.reservation-fraction";

    public static final ReplicaMode DEFAULT_MODE = ReplicaMode.INDEPENDENT;
    public static final long DEFAULT_RESERVATION_TTL_MS = 60_000;
    public static final double DEFAULT_RESERVATION_FRACTION = 0.5;

    public ReplicaSelectorSettings {
        if (mode == null) {
            throw new IllegalArgumentException("mode must be given");
        }
        if (mode != ReplicaMode.STOCK && nim == null) {
            throw new IllegalArgumentException(NimClientSettings.ADDRESS + ": required unless " + MODE + " is stock");
        }
    }

    public boolean stock() {
        return mode == ReplicaMode.STOCK;
    }

    /** Plugin inert: the order stays Hadoop's. */
    public static ReplicaSelectorSettings stockSettings() {
        return new ReplicaSelectorSettings(ReplicaMode.STOCK, null, DEFAULT_RESERVATION_TTL_MS,
                DEFAULT_RESERVATION_FRACTION);
    }

    public static ReplicaSelectorSettings from(Configuration conf) {
        String modeName = conf.getTrimmed(MODE);
        ReplicaMode mode = modeName == null || modeName.isEmpty() ? DEFAULT_MODE : ReplicaMode.parse(MODE, modeName);
        long ttl = NimClientSettings.positive(conf, RESERVATION_TTL_MS, DEFAULT_RESERVATION_TTL_MS);
        double fraction = NimClientSettings.fraction(conf, RESERVATION_FRACTION, DEFAULT_RESERVATION_FRACTION);
        NimClientConfig nim = null;
        if (mode != ReplicaMode.STOCK) {
            nim = NimClientSettings.fromConfiguration(conf);
        } else if (NimClientSettings.addressGiven(conf)) {
            // Stock mode ignores the NIM, but a typo should not wait for the day the mode is switched.
            NimClientSettings.fromConfiguration(conf);
        }
        return new ReplicaSelectorSettings(mode, nim, ttl, fraction);
    }
}
