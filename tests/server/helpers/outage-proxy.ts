import net from 'node:net'

/**
 * A TCP proxy in front of a database server, to take the database away and bring it back as
 * an outage does: `cut()` resets every open connection and refuses new ones (ECONNREFUSED, as
 * a stopped PostgreSQL), `restore()` takes connections again on the same port.
 */
export async function outageProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        sockets.add(client).add(upstream)
        const done = () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        }
        client.on('error', done).on('close', done)
        upstream.on('error', done).on('close', done)
        client.pipe(upstream).pipe(client)
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port
        server = s
        resolve()
      })
    })
  await listen()
  return {
    get port() {
      return port
    },
    /** The URL of `url` through the proxy. */
    through(url: string) {
      const u = new URL(url)
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    async cut() {
      const s = server
      server = undefined
      const closed = new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()))
      for (const socket of sockets) socket.resetAndDestroy()
      sockets.clear()
      await closed
    },
    restore: () => listen(),
    async close() {
      await this.cut()
    },
  }
}
