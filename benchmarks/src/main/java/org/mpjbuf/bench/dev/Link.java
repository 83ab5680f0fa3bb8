package org.mpjbuf.bench.dev;

/**
 * One end of a two-party connection carrying byte-array messages, implemented by smdev and by
 * the hand-off baseline. Each end is used by one thread.
 */
interface Link {
    /** Sends {@code length} bytes of {@code data}, returning when {@code data} may be reused. */
    void send(byte[] data, int length);

    /** Receives one message of {@code length} bytes into {@code data}. */
    void receive(byte[] data, int length);

    /**
     * Sends {@code count} messages of {@code length} bytes without waiting between them, then
     * waits until all may be reused.
     */
    void sendWindow(byte[] data, int length, int count);

    /** Receives {@code count} messages of {@code length} bytes into {@code data}. */
    void receiveWindow(byte[] data, int length, int count);

    /** Sends the message that stops the peer's loop. */
    void sendStop();

    /** Receives one message; returns {@code false} if it was the stop message. */
    boolean receiveOrStop(byte[] data, int length);

    /** Releases the end. */
    void close();
}
