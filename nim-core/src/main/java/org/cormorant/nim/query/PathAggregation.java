package org.cormorant.nim.query;

/**
 * How the bandwidth of an "abstract" host-to-host path A(P) is derived from its candidate physical
 * paths (Cormorant 4.3.3 and 4.3.5).
 */
public enum PathAggregation {
    /**
     * Average over candidates: the independent task scheduler does not know which path ECMP will
     * hash the transfer onto, so it expects the mean.
     */
    AVERAGE,
    /**
     * Maximum over candidates: the collaborative scheduler knows the flow scheduler will pin the
     * transfer to the best path, so it can count on it.
     */
    MAXIMUM
}
