/**
 * Counts failed sign-ins in memory, per client address and per account from one address,
 * so an attacker is stopped while the real user, from another address, still gets in.
 */
export type LoginLimiter = {
  blocked: (account: string, ip: string) => boolean
  fail: (account: string, ip: string) => void
  succeed: (account: string, ip: string) => void
}

export function createLoginLimiter(o = { perIp: 30, perAccount: 10, windowMs: 15 * 60_000 }): LoginLimiter {
  const hits = new Map<string, number[]>()
  const recent = (key: string, now: number) => {
    const list = (hits.get(key) ?? []).filter((t) => now - t < o.windowMs)
    if (list.length === 0) hits.delete(key)
    else hits.set(key, list)
    return list
  }
  const accountKey = (account: string, ip: string) => `a:${account.toLowerCase()}|${ip}`
  return {
    blocked(account, ip) {
      const now = Date.now()
      return recent(`ip:${ip}`, now).length >= o.perIp || recent(accountKey(account, ip), now).length >= o.perAccount
    },
    fail(account, ip) {
      const now = Date.now()
      for (const key of [`ip:${ip}`, accountKey(account, ip)]) hits.set(key, [...recent(key, now), now])
      if (hits.size > 100_000) hits.clear()
    },
    succeed(account, ip) {
      hits.delete(accountKey(account, ip))
    },
  }
}
