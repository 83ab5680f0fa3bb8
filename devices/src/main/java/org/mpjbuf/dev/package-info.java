/**
 * The xdev-style device API: point-to-point message passing between the ranks of a job, one
 * {@link org.mpjbuf.dev.Device} per rank, found by name through {@link java.util.ServiceLoader}.
 */
package org.mpjbuf.dev;
