import net from 'node:net'

/**
 * A TCP proxy in front of a database server that can hang like a partitioned or frozen host:
 * `freeze()` stops forwarding bytes in both directions without closing any socket (new
 * connections are accepted and get no answer either); `thaw()` delivers what was held, in
 * order, as TCP does once a partition heals, including the closes that happened meanwhile.
 */
export async function freezeProxy(target: { host: string; port: number }) {
  let frozen = false
  const held: (() => void)[] = []
  const sockets = new Set<net.Socket>()
  const later = (fn: () => void) => (frozen ? held.push(fn) : fn())
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    sockets.add(client).add(upstream)
    client.on('data', (d) => later(() => upstream.write(d)))
    upstream.on('data', (d) => later(() => client.write(d)))
    // a side that closes: the other learns of it only when bytes flow again
    client.on('close', () => {
      sockets.delete(client)
      later(() => upstream.end())
    })
    upstream.on('close', () => {
      sockets.delete(upstream)
      later(() => client.end())
    })
    client.on('error', () => {})
    upstream.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    /** The URL of `url` through the proxy. */
    through(url: string) {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    freeze() {
      frozen = true
    },
    thaw() {
      frozen = false
      for (const fn of held.splice(0)) fn()
    },
    async close() {
      this.thaw()
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
