/** IMB-style timing of the collectives, per algorithm, on smdev, with the automatic choice marked. */
package org.mpjbuf.bench.coll;
