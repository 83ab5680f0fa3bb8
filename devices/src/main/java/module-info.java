/**
 * The xdev device API and its devices: smdev (threads of one JVM), niodev (processes over TCP) and
 * ibvdev (processes over InfiniBand or RoCE verbs).
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"}) // jars built as automatic modules
module org.mpjbuf.devices {
    requires org.agrona;
    requires jdk.net;
    requires org.mpjbuf.buddy;
    requires transitive org.mpjbuf;

    exports org.mpjbuf.dev;
    exports org.mpjbuf.dev.smdev;
    exports org.mpjbuf.dev.niodev;

    uses org.mpjbuf.dev.DeviceProvider;

    provides org.mpjbuf.dev.DeviceProvider with org.mpjbuf.dev.smdev.SmdevProvider,
        org.mpjbuf.dev.niodev.NiodevProvider, org.mpjbuf.dev.ibvdev.IbvdevProvider;
}
