package org.cormorant.hdfs;

import java.util.Locale;
import org.cormorant.nim.query.PathAggregation;

/** How replicas are ordered for a reader (Cormorant Table 4.3, applied to replica selection). */
public enum ReplicaMode {
    /** Hadoop's own order: the plugin does nothing. */
    STOCK(null),
    /** By A(P) averaged over the candidate paths: ECMP, not Cormorant, will pick the path. */
    INDEPENDENT(PathAggregation.AVERAGE),
    /** By A(P) = the best candidate path, which is then reserved so the flow scheduler pins it. */
    COLLABORATIVE(PathAggregation.MAXIMUM);

    private final PathAggregation aggregation;

    ReplicaMode(PathAggregation aggregation) {
        this.aggregation = aggregation;
    }

    /** How A(P) is formed; null for {@link #STOCK}. */
    public PathAggregation aggregation() {
        return aggregation;
    }

    /** The mode named {@code value} (case-insensitive); an error naming {@code key} otherwise. */
    static ReplicaMode parse(String key, String value) {
        String name = value.trim().toLowerCase(Locale.ROOT);
        for (ReplicaMode mode : values()) {
            if (mode.name().toLowerCase(Locale.ROOT).equals(name)) {
                return mode;
            }
        }
        throw new IllegalArgumentException(key + ": '" + value + "' is not one of stock, independent, collaborative");
    }
}
