package org.cormorant.odl.nim;

import java.util.List;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.Bps;
import org.opendaylight.yang.gen.v1.urn.cormorant.nim.rev261122.NodeName;
import org.opendaylight.yangtools.yang.common.Uint64;

/** Conversions between nim-core's values and the YANG types of cormorant-nim. */
final class Convert {
    private static final Uint64 LONG_MAX = Uint64.valueOf(Long.MAX_VALUE);

    private Convert() {
    }

    /** A bandwidth in bit/s, rounded to the nearest bit and clamped to 0 (nim-core never goes below). */
    static Bps bps(double bitsPerSecond) {
        if (!(bitsPerSecond > 0)) {
            return new Bps(Uint64.ZERO);
        }
        return new Bps(Uint64.valueOf(Math.min(Math.round(bitsPerSecond), Long.MAX_VALUE)));
    }

    static List<NodeName> names(List<String> names) {
        return names.stream().map(NodeName::new).toList();
    }

    static long saturatedLong(Uint64 value) {
        return value.compareTo(LONG_MAX) > 0 ? Long.MAX_VALUE : value.longValue();
    }
}
