import mpi.*;

/**
 * A main class that is not public, reading its own arguments from args[3] on, after MPJ
 * Express's rank, size and device; MPI.Init returns just the program's arguments.
 */
class LauncherArguments {
    public static void main(String[] args) throws Exception {
        String[] own = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (args.length != 5 || Integer.parseInt(args[0]) != rank || Integer.parseInt(args[1]) != MPI.COMM_WORLD.Size()
            || !args[3].equals("alpha") || !args[4].equals("7")) {
            throw new IllegalStateException("rank " + rank + " got " + String.join(" ", args));
        }
        if (own.length != 2 || !own[0].equals("alpha") || !own[1].equals("7")) {
            throw new IllegalStateException("MPI.Init returned " + String.join(" ", own));
        }
        System.out.println("LauncherArguments OK at rank " + rank);
        MPI.Finalize();
    }
}
