import net from "node:net";

/** A TCP port nothing listens on right now (the kernel's choice), for a server a test starts, or to be refused. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
