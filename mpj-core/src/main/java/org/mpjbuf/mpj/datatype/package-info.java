/**
 * The datatype engine: type maps in compact strided form, bounds, buffer checks, and packing
 * between Java arrays and packed bytes.
 */
package org.mpjbuf.mpj.datatype;
