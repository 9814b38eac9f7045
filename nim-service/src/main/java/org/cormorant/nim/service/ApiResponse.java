package org.cormorant.nim.service;

/** What a handled request answers: HTTP status and a JSON body (empty for 204). */
public record ApiResponse(int status, byte[] body) {
}
