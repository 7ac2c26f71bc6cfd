import { createMemoryLimiterStore, type LimiterStore } from './limiter-store.ts'

/**
 * Counts failed sign-ins per client address and per account from one address, so an attacker
 * is stopped while the real user, from another address, still gets in. The counters live in
 * the limiter store: shared by every instance on PostgreSQL. A browser with a valid device token
 * for the account (device-token.ts) is `trusted`: the per-address count does not block it (staff
 * behind one factory NAT share an address), the per-account count still does.
 */
export type LoginLimiter = {
  blocked: (account: string, ip: string, trusted?: boolean) => Promise<boolean>
  fail: (account: string, ip: string) => Promise<void>
  succeed: (account: string, ip: string) => Promise<void>
}

export type LoginLimits = { perIp: number; perAccount: number; windowMs: number }

export function createLoginLimiter(
  store: LimiterStore = createMemoryLimiterStore(),
  o: LoginLimits = { perIp: 30, perAccount: 10, windowMs: 15 * 60_000 },
): LoginLimiter {
  const ipKey = (ip: string) => `login:ip:${ip}`
  const accountKey = (account: string, ip: string) => `login:a:${account.toLowerCase()}|${ip}`
  return {
    async blocked(account, ip, trusted = false) {
      const [byIp, byAccount] = await Promise.all([
        trusted ? 0 : store.count(ipKey(ip)),
        store.count(accountKey(account, ip)),
      ])
      return byIp >= o.perIp || byAccount >= o.perAccount
    },
    async fail(account, ip) {
      await Promise.all([
        store.hit(ipKey(ip), o.windowMs),
        store.hit(accountKey(account, ip), o.windowMs),
      ])
    },
    async succeed(account, ip) {
      await store.reset(accountKey(account, ip))
    },
  }
}
