/**
 * Benchmarks of the datatype engine: packing derived datatypes against hand-written element loops.
 */
package org.mpjbuf.bench.datatype;
