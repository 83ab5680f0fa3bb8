/** Collective operations of the MPJ layer: their algorithms, the run-time selection table and its configuration. */
package org.mpjbuf.mpj.coll;
