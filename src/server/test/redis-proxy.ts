import net from "node:net";

/**
 * A TCP proxy in front of the real Redis: stopping it breaks the connection (and refuses new
 * ones) without touching the server others use; freezing it holds every byte, like a hung
 * server, until it is thawed.
 */
export class RedisProxy {
  private server: net.Server | undefined;
  private readonly links = new Set<{ client: net.Socket; upstream: net.Socket; held: Buffer[] }>();
  private frozen = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const link = { client, upstream: net.connect(this.target), held: [] as Buffer[] };
      this.links.add(link);
      client.on("data", (chunk: Buffer) =>
        this.frozen ? link.held.push(chunk) : link.upstream.write(chunk),
      );
      link.upstream.on("data", (chunk: Buffer) => client.write(chunk));
      for (const socket of [client, link.upstream]) {
        socket.on("error", () => {});
        socket.on("close", () => {
          this.links.delete(link);
          client.destroy();
          link.upstream.destroy();
        });
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const link of this.links) link.client.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Holds what clients send (so nothing is answered) until thaw(). */
  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const link of this.links)
      for (const chunk of link.held.splice(0)) link.upstream.write(chunk);
  }
}
