package org.cormorant.nim.fabric;

/** What a node of the fabric is: an end host (Hadoop daemon, traffic node) or a forwarding switch. */
public enum NodeKind {
    HOST,
    SWITCH
}
