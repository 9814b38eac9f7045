/** Client of the NIM HTTP API that answers scheduling queries from a local snapshot copy. */
package org.cormorant.nim.client;
