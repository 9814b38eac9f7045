/** The standalone NIM: HTTP API, counter sources, command line. */
package org.cormorant.nim.service;
