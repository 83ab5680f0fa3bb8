package org.mpjbuf.dev.ibvdev;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds an active port among every port of every device, and otherwise says what it found: the
 * search behind {@link Verbs#openActivePort()}.
 */
final class ActivePorts {
    /** Where the kernel lists RDMA devices. */
    static final Path SYSFS_DEVICES = Path.of("/sys/class/infiniband");

    private ActivePorts() {
    }

    /**
     * Opens the first device with an active port.
     *
     * @param verbs the binding
     * @param library how the binding's library was found, for the messages
     * @return the device and port; the device stays open
     * @throws VerbsException if no device is listed or no port is active, naming every device and
     *         port with its state
     */
    static ActivePort find(Verbs verbs, String library) {
        List<String> names = verbs.deviceNames();
        if (names.isEmpty()) {
            throw new VerbsException("ibv_get_device_list", library + "; ibv_get_device_list listed no device: no"
                + " RDMA device was found (" + sysfsNote() + ")");
        }
        List<String> found = new ArrayList<>();
        for (String name : names) {
            Verbs.Context context;
            try {
                context = verbs.open(name);
            } catch (VerbsException failed) {
                found.add(name + ": " + failed.getMessage());
                continue;
            }
            PortAttributes active = null;
            StringBuilder ports = new StringBuilder(name).append(':');
            try {
                int portCount = verbs.queryDevice(context).portCount();
                if (portCount == 0) {
                    ports.append(" no port");
                }
                for (int port = 1; port <= portCount && active == null; port++) {
                    PortAttributes attributes = verbs.queryPort(context, port);
                    ports.append(port == 1 ? " " : "; ").append(attributes);
                    if (attributes.isActive()) {
                        active = attributes;
                    }
                }
            } catch (VerbsException failed) {
                ports.append(' ').append(failed.getMessage());
            }
            if (active != null) {
                return new ActivePort(verbs, context, active);
            }
            verbs.close(context);
            found.add(ports.toString());
        }
        throw new VerbsException("ibv_query_port", library + "; RDMA devices were found but no port is ACTIVE: "
            + String.join(" | ", found));
    }

    private static String sysfsNote() {
        return Files.isDirectory(SYSFS_DEVICES)
            ? SYSFS_DEVICES + " exists but libibverbs found no usable device in it (is the device's provider library,"
                + " ibverbs-providers, installed, and /dev/infiniband readable?)"
            : SYSFS_DEVICES + " does not exist: the kernel has no RDMA device (no adapter, or its driver, or a software"
                + " device such as rdma_rxe or siw, is not loaded)";
    }
}
