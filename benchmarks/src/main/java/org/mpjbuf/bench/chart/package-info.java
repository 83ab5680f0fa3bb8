/** Charts drawn by the benchmarks themselves, as self-contained SVG, with no plotting library. */
package org.mpjbuf.bench.chart;
