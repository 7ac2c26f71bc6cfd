import net from 'node:net'

/** What Fastify's `trustProxy` accepts and TRUST_PROXY may say. */
export type TrustProxy = boolean | number | string[]

/** `a.b.c.d` or `a.b.c.d/n` (IPv4 or IPv6, prefix within the address size). */
function validAddress(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/')
  if (extra !== undefined) return false
  const family = net.isIP(address)
  if (family === 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: `true` (trust every hop), `false`, a hop
 * count (trust that many proxies in front of the server), or a comma-separated list of
 * proxy addresses and CIDR ranges. Returns a message when the text is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | string {
  const v = text.trim().toLowerCase()
  if (v === 'true') return true
  if (v === 'false' || v === '') return false
  if (/^\d+$/.test(v)) {
    const hops = Number(v)
    return hops >= 1 && hops <= 10 ? hops : 'must be a hop count from 1 to 10'
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  const bad = list.find((s) => !validAddress(s))
  if (list.length === 0 || bad !== undefined) {
    return `must be true, false, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (not "${(bad ?? text).slice(0, 60)}")`
  }
  return list
}

/**
 * The value for Fastify. A hop count becomes "trust the nearest N hops" (as Express and
 * proxy-addr read it; Fastify 5 itself now trusts nothing for a bare number), which is only
 * right when the server can be reached through those proxies alone.
 */
export function fastifyTrustProxy(
  tp: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address: string, hop: number) => hop < tp : tp
}
