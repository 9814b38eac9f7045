package org.cormorant.nim.load;

import org.cormorant.nim.path.Path;

/**
 * Bandwidth set aside on a path for a transfer a scheduler has just decided on (Firebird 5.4.5),
 * and in collaborative mode the path the flow scheduler pins that transfer to (Cormorant 4.3.5).
 *
 * @param id              NIM-assigned identifier, used to release it
 * @param owner           who asked (application or container id), for operators and clean-up
 * @param src             source host name
 * @param dst             destination host name
 * @param path            the physical path reserved
 * @param bandwidthBps    bandwidth set aside
 * @param createdAtMillis when it was made
 * @param expiresAtMillis when it lapses unless released before
 */
public record Reservation(String id, String owner, String src, String dst, Path path, double bandwidthBps,
                          long createdAtMillis, long expiresAtMillis) {
}
