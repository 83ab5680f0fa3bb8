/**
 * What the devices share and do not export: serialization of object runs under the object filter,
 * and the bridge between array runs and mpjbuf sections.
 */
package org.mpjbuf.dev.internal;
