/** Arithmetic of virtual topologies: Cartesian grids and graphs, independent of communicators. */
package org.mpjbuf.mpj.topology;
