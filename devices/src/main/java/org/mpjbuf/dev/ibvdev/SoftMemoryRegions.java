package org.mpjbuf.dev.ibvdev;

import java.lang.foreign.MemorySegment;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.StampedLock;

/**
 * The memory registered with one {@link SoftVerbs} device, found by key. Keys are random 32-bit
 * numbers, every lkey and rkey distinct from every other key of the device, so a peer cannot guess
 * one. The table is copy-on-write: registration and deregistration (rare) rebuild an open-addressing
 * array under a lock and publish it through a volatile field; a look-up (every work request) reads
 * the published array without locking or allocating.
 *
 * <p>Thread-safe.
 */
final class SoftMemoryRegions {
    private final SecureRandom random = new SecureRandom();
    private final Map<Integer, Region> byKey = new HashMap<>();
    private volatile Table table = new Table(new HashMap<>());

    /**
     * A registered region. Its memory is reached through a global view of the caller's segment, as
     * an adapter reaches pinned pages from any context. Every copy holds the region's read lock
     * (copies by the poster threads and the HCA run side by side) and checks the region is still
     * registered; deregistration takes the write lock, so it waits for a copy in progress and every
     * later access sees it.
     */
    static final class Region implements Verbs.MemoryRegion {
        final SoftObjects.SoftProtectionDomain domain;
        final MemorySegment memory;
        final int accessFlags;
        private final int lkey;
        private final int rkey;
        private final StampedLock lock = new StampedLock();
        private boolean registered = true;

        Region(SoftObjects.SoftProtectionDomain domain, MemorySegment memory, int accessFlags, int lkey, int rkey) {
            this.domain = domain;
            this.memory = memory;
            this.accessFlags = accessFlags;
            this.lkey = lkey;
            this.rkey = rkey;
        }

        @Override
        public long address() {
            return memory.address();
        }

        @Override
        public long byteSize() {
            return memory.byteSize();
        }

        @Override
        public int lkey() {
            return lkey;
        }

        @Override
        public int rkey() {
            return rkey;
        }

        /**
         * Whether {@code [address, address + length)} lies inside the region.
         *
         * @param address the first byte
         * @param length bytes, not negative
         * @return the range is inside
         */
        boolean contains(long address, long length) {
            long offset = address - memory.address();
            return offset >= 0 && offset <= memory.byteSize() - length;
        }

        boolean isRegistered() {
            long stamp = lock.readLock();
            try {
                return registered;
            } finally {
                lock.unlockRead(stamp);
            }
        }

        /**
         * Copies out of the region, unless it was deregistered.
         *
         * @return false if the region is no longer registered
         */
        boolean copyOut(long address, MemorySegment target, long targetOffset, long length) {
            long stamp = lock.readLock();
            try {
                if (!registered) {
                    return false;
                }
                MemorySegment.copy(memory, address - memory.address(), target, targetOffset, length);
                return true;
            } finally {
                lock.unlockRead(stamp);
            }
        }

        /**
         * Copies into the region, unless it was deregistered.
         *
         * @return false if the region is no longer registered
         */
        boolean copyIn(MemorySegment source, long sourceOffset, long address, long length) {
            long stamp = lock.readLock();
            try {
                if (!registered) {
                    return false;
                }
                MemorySegment.copy(source, sourceOffset, memory, address - memory.address(), length);
                return true;
            } finally {
                lock.unlockRead(stamp);
            }
        }

        void revoke() {
            long stamp = lock.writeLock();
            try {
                registered = false;
            } finally {
                lock.unlockWrite(stamp);
            }
        }

        @Override
        public String toString() {
            return "soft memory region of " + memory.byteSize() + " bytes at 0x" + Long.toHexString(memory.address());
        }
    }

    /**
     * Registers memory under two new keys.
     *
     * @param domain its protection domain
     * @param memory a global view of the caller's memory
     * @param accessFlags the {@code ACCESS_*} flags
     * @return the region
     */
    synchronized Region register(SoftObjects.SoftProtectionDomain domain, MemorySegment memory, int accessFlags) {
        int lkey = freshKey();
        byKey.put(lkey, null);
        int rkey = freshKey();
        Region region = new Region(domain, memory, accessFlags, lkey, rkey);
        byKey.put(lkey, region);
        byKey.put(rkey, region);
        table = new Table(byKey);
        return region;
    }

    /**
     * Revokes a region's keys: when this returns, no access through them happens any more.
     *
     * @param region a registered region
     */
    synchronized void deregister(Region region) {
        region.revoke();
        byKey.remove(region.lkey);
        byKey.remove(region.rkey);
        table = new Table(byKey);
    }

    /**
     * The regions registered and not yet deregistered.
     *
     * @return the count
     */
    synchronized int count() {
        return byKey.size() / 2;
    }

    /**
     * The region an lkey names.
     *
     * @param lkey a local key
     * @return the region, or {@code null} if no registered region has that lkey
     */
    Region local(int lkey) {
        Region region = table.find(lkey);
        return region != null && region.lkey == lkey ? region : null;
    }

    /**
     * The region an rkey names.
     *
     * @param rkey a remote key
     * @return the region, or {@code null} if no registered region has that rkey
     */
    Region remote(int rkey) {
        Region region = table.find(rkey);
        return region != null && region.rkey == rkey ? region : null;
    }

    private int freshKey() {
        int key;
        do {
            key = random.nextInt();
        } while (key == 0 || byKey.containsKey(key));
        return key;
    }

    /** An immutable open-addressing map from key to region; capacity a power of two, at most half full. */
    private static final class Table {
        private final int[] keys;
        private final Region[] regions;
        private final int mask;

        Table(Map<Integer, Region> entries) {
            int capacity = Integer.highestOneBit(Math.max(4, entries.size() * 2) - 1) << 1;
            keys = new int[capacity];
            regions = new Region[capacity];
            mask = capacity - 1;
            for (Map.Entry<Integer, Region> entry : entries.entrySet()) {
                int index = slot(entry.getKey());
                while (regions[index] != null) {
                    index = (index + 1) & mask;
                }
                keys[index] = entry.getKey();
                regions[index] = entry.getValue();
            }
        }

        Region find(int key) {
            for (int index = slot(key); regions[index] != null; index = (index + 1) & mask) {
                if (keys[index] == key) {
                    return regions[index];
                }
            }
            return null;
        }

        private int slot(int key) {
            return (key * 0x9E3779B9) >>> 16 & mask;
        }
    }
}
