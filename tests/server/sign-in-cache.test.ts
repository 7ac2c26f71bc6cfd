import {
  DummyDriver,
  Kysely,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { SignInCache, signInTables } from '#server/modules/auth/sign-in-cache'
import type { SignInState } from '#server/modules/auth/sign-in-state'
import { accessTokenOf, userMayUseScreens } from '#server/plugins/authenticate'
import { subjectOf } from '#shared/acl'

/*
 * The in-memory sign-in state of access tokens and the token of a request (mutation
 * survivors): when a state is kept, how long, and which writes make it stale. Direct calls, no app.
 */

const state = (userId: number): SignInState => ({
  sessionId: userId,
  familyId: `f${userId}`,
  accessExpiresAt: '2999-01-01T00:00:00.000Z',
  revokedAt: null,
  userId,
  loginName: `u${userId}`,
  role: 'staff',
  ban: 0,
  mustChangePassword: 0,
  abilities: [],
  permissions: [],
  screens: [],
})

/** A loader that counts its calls. */
function loader(value: SignInState | undefined) {
  const load = vi.fn(async () => value)
  return load
}

afterEach(() => {
  vi.useRealTimers()
})

describe('sign-in cache', () => {
  it('answers a known token from memory while live, and loads every time when not', async () => {
    const cache = new SignInCache(true)
    const load = loader(state(1))
    expect(await cache.read('h1', load)).toEqual(state(1))
    expect(await cache.read('h1', load)).toEqual(state(1))
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.live).toBe(true)
    const off = new SignInCache(false)
    const load2 = loader(state(2))
    await off.read('h2', load2)
    await off.read('h2', load2)
    expect(load2).toHaveBeenCalledTimes(2)
    expect(off.live).toBe(false)
  })

  it('keeps no unknown token', async () => {
    const cache = new SignInCache(true)
    const load = loader(undefined)
    expect(await cache.read('guess', load)).toBeUndefined()
    expect(await cache.read('guess', load)).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps a state for its time to live, not a moment longer', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
    const cache = new SignInCache(true, 10, 5000)
    const load = loader(state(1))
    await cache.read('h', load)
    vi.setSystemTime(1_000_000 + 4999)
    await cache.read('h', load)
    expect(load).toHaveBeenCalledTimes(1)
    vi.setSystemTime(1_000_000 + 5000)
    await cache.read('h', load)
    expect(load).toHaveBeenCalledTimes(2)
    // the reload is kept anew, from its own time
    vi.setSystemTime(1_000_000 + 9999)
    await cache.read('h', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keeps 30 seconds by default', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
    const cache = new SignInCache(true)
    const load = loader(state(1))
    await cache.read('h', load)
    vi.setSystemTime(1_000_000 + 29_999)
    await cache.read('h', load)
    expect(load).toHaveBeenCalledTimes(1)
    vi.setSystemTime(1_000_000 + 30_000)
    await cache.read('h', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('holds at most its size: the oldest state goes first', async () => {
    const cache = new SignInCache(true, 2)
    const loads = [1, 2, 3].map((i) => loader(state(i)))
    await cache.read('h1', loads[0]!)
    await cache.read('h2', loads[1]!)
    await cache.read('h3', loads[2]!)
    await cache.read('h2', loads[1]!)
    await cache.read('h3', loads[2]!)
    await cache.read('h1', loads[0]!)
    expect(loads.map((l) => l.mock.calls.length)).toEqual([2, 1, 1])
  })

  it('a state reloaded after its time to live counts as the newest', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
    const cache = new SignInCache(true, 3, 5000)
    const loads = [1, 2, 3, 4].map((i) => loader(state(i)))
    const read = (i: number) => cache.read(`h${i}`, loads[i - 1]!)
    await read(1)
    await read(2)
    vi.setSystemTime(1_000_000 + 5000)
    await read(1)
    await read(3)
    // full: the oldest goes, which is 2 now (1 was loaded again after it)
    await read(4)
    await read(1)
    expect(loads[0]).toHaveBeenCalledTimes(2)
    await read(2)
    expect(loads[1]).toHaveBeenCalledTimes(2)
  })

  it('does not keep a state whose load overlapped a change, nor one read inside a transaction', async () => {
    const cache = new SignInCache(true)
    const overlapped = vi.fn(async () => {
      cache.clear()
      return state(1)
    })
    expect(await cache.read('h', overlapped)).toEqual(state(1))
    const dropped = vi.fn(async () => {
      cache.drop(['other'])
      return state(1)
    })
    await cache.read('h', dropped)
    const load = loader(state(1))
    await cache.read('h', load)
    expect(load).toHaveBeenCalledTimes(1)
    let inTransaction = true
    const tx = new SignInCache(true, 10, 30_000, () => inTransaction)
    const load2 = loader(state(2))
    await tx.read('h', load2)
    await tx.read('h', load2)
    expect(load2).toHaveBeenCalledTimes(2)
    inTransaction = false
    await tx.read('h', load2)
    await tx.read('h', load2)
    expect(load2).toHaveBeenCalledTimes(3)
  })

  it('drops the named token hashes only; clear and setLive empty it; each counts as an invalidation', async () => {
    const cache = new SignInCache(true)
    const a = loader(state(1))
    const b = loader(state(2))
    await cache.read('a', a)
    await cache.read('b', b)
    cache.drop(['a'])
    expect(cache.invalidations).toBe(1)
    await cache.read('a', a)
    await cache.read('b', b)
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 1])
    cache.clear()
    expect(cache.invalidations).toBe(2)
    await cache.read('b', b)
    expect(b).toHaveBeenCalledTimes(2)
    cache.setLive(true)
    expect(cache.invalidations).toBe(3)
    await cache.read('b', b)
    expect(b).toHaveBeenCalledTimes(3)
    cache.setLive(false)
    expect(cache.live).toBe(false)
    await cache.read('b', b)
    await cache.read('b', b)
    expect(b).toHaveBeenCalledTimes(5)
  })

  it('is emptied around writes to the tables of the state, not by reads, new sessions or other tables', async () => {
    const cache = new SignInCache(true)
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => new SqliteIntrospector(k),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
      plugins: [cache.plugin],
    })
    const invalidatedBy = async (run: () => Promise<unknown>) => {
      const before = cache.invalidations
      await run()
      return cache.invalidations - before
    }
    expect(signInTables).toEqual(['sessions', 'users', 'roles', 'role_menu', 'menu'])
    // a write: once before it runs and once after
    for (const table of signInTables)
      expect(await invalidatedBy(() => db.updateTable(table).set({ x: 1 }).execute()), table).toBe(
        2,
      )
    expect(await invalidatedBy(() => db.deleteFrom('users').execute())).toBe(2)
    expect(await invalidatedBy(() => db.insertInto('roles').values({ x: 1 }).execute())).toBe(2)
    // a new session has a new token: no cached state can be about it
    expect(await invalidatedBy(() => db.insertInto('sessions').values({ x: 1 }).execute())).toBe(0)
    expect(await invalidatedBy(() => db.selectFrom('users').selectAll().execute())).toBe(0)
    expect(await invalidatedBy(() => db.updateTable('orders').set({ x: 1 }).execute())).toBe(0)
    // a write to another table that reads one of the state's tables
    expect(
      await invalidatedBy(() =>
        db
          .updateTable('orders')
          .set({ x: 1 })
          .where('y', 'in', db.selectFrom('users').select('id'))
          .execute(),
      ),
    ).toBe(2)
    // raw SQL: a write naming a table of the state, or a schema change
    expect(await invalidatedBy(() => sql`update users set x = 1`.execute(db))).toBe(2)
    expect(await invalidatedBy(() => sql`UPDATE Menu SET x = 1`.execute(db))).toBe(2)
    expect(await invalidatedBy(() => sql`alter table things add y`.execute(db))).toBe(2)
    expect(await invalidatedBy(() => sql`drop table things`.execute(db))).toBe(2)
    expect(await invalidatedBy(() => sql`create table things (x)`.execute(db))).toBe(2)
    // with parameters the text comes in pieces: one piece naming a table is enough
    expect(
      await invalidatedBy(() => sql`update users set x = ${1} where id = ${2}`.execute(db)),
    ).toBe(2)
    expect(await invalidatedBy(() => sql`update things set x = 1`.execute(db))).toBe(0)
    expect(await invalidatedBy(() => sql`update users_archive set x = 1`.execute(db))).toBe(0)
    expect(await invalidatedBy(() => sql`select * from users`.execute(db))).toBe(0)
  })
})

describe('the access token of a request', () => {
  const req = (headers: Record<string, string | string[]>) => ({ headers }) as FastifyRequest

  it('reads a Bearer token, trimmed, else the token header', () => {
    expect(accessTokenOf(req({ authorization: 'Bearer abc' }))).toBe('abc')
    expect(accessTokenOf(req({ authorization: 'Bearer  abc  ' }))).toBe('abc')
    expect(accessTokenOf(req({ authorization: 'Bearer abc', token: 'other' }))).toBe('abc')
    expect(accessTokenOf(req({ token: 'tok' }))).toBe('tok')
    expect(accessTokenOf(req({ token: ['first', 'second'] }))).toBe('first')
    expect(accessTokenOf(req({ authorization: 'Basic abc', token: 'tok' }))).toBe('tok')
    expect(accessTokenOf(req({ authorization: 'bearer abc', token: 'tok' }))).toBe('tok')
  })

  it('answers none for an empty Bearer, an empty token header or neither', () => {
    expect(accessTokenOf(req({ authorization: 'Bearer ', token: 'tok' }))).toBeUndefined()
    expect(accessTokenOf(req({ authorization: 'Bearer    ' }))).toBeUndefined()
    expect(accessTokenOf(req({ token: '' }))).toBeUndefined()
    expect(accessTokenOf(req({ token: [] }))).toBeUndefined()
    expect(accessTokenOf(req({}))).toBeUndefined()
    expect(accessTokenOf(req({ authorization: 'Basic abc' }))).toBeUndefined()
  })
})

describe('screens a user may use', () => {
  const staff = { subject: subjectOf('staff', ['ORDERS']), screens: new Set(['/orders']) }
  const admin = { subject: subjectOf('admin', []), screens: new Set<string>() }

  it('admin always; others when they hold one of the screens; any user when none are named', () => {
    expect(userMayUseScreens(admin, ['/system/users'])).toBe(true)
    expect(userMayUseScreens(staff, ['/system/users'])).toBe(false)
    expect(userMayUseScreens(staff, ['/system/users', '/orders'])).toBe(true)
    expect(userMayUseScreens(staff, undefined)).toBe(true)
    expect(userMayUseScreens(staff, [])).toBe(true)
    expect(userMayUseScreens({ ...staff, screens: new Set() }, ['/orders'])).toBe(false)
  })
})
