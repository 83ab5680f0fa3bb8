/**
 * smdev, the shared-memory device: the ranks of a job are threads of one JVM and messages are
 * copied once, sender memory to receiver memory, or through a pooled eager buffer.
 */
package org.mpjbuf.dev.smdev;
