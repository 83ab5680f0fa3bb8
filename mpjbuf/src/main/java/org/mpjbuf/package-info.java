/** The mpjbuf packing API: buffers of typed static and dynamic sections, and their wire format. */
package org.mpjbuf;
