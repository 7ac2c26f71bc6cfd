import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config'
import { pruneOnce, startPruning } from '#server/maintenance/prune'
import { writeLog, type LogEntry } from '#server/modules/system/log-repository'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

const day = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()
const cap = 5

let t: TestApp
let adminId: number
beforeAll(async () => {
  t = await createTestApp({ LOG_REFUSALS_PER_ADDRESS_PER_HOUR: String(cap) })
  adminId = (
    await t.db.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id
})
afterAll(() => t.close())

describe('retention settings', () => {
  it('have documented defaults and refuse bad values naming the variable', () => {
    expect(loadConfig({})).toMatchObject({
      sessionMaxAgeSeconds: 30 * 86_400,
      retention: {
        logDays: 180,
        noticeDays: 90,
        sessionDays: 30,
        idempotencyDays: 30,
        historyDays: 1825,
        pruneIntervalMinutes: 60,
      },
      logRefusalsPerAddressPerHour: 60,
      sqliteSynchronous: 'full',
    })
    for (const [name, value] of [
      ['LOG_RETENTION_DAYS', '0'],
      ['NOTICE_RETENTION_DAYS', '0'],
      ['SESSION_RETENTION_DAYS', 'ten'],
      ['IDEMPOTENCY_RETENTION_DAYS', '-1'],
      ['HISTORY_RETENTION_DAYS', '0'],
      ['PRUNE_INTERVAL_MINUTES', '0'],
      ['SESSION_MAX_AGE_SECONDS', '60'],
      ['LOG_REFUSALS_PER_ADDRESS_PER_HOUR', '1.5'],
      ['SQLITE_SYNCHRONOUS', 'off'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), name).toThrow(ConfigError)
      expect(() => loadConfig({ [name!]: value })).toThrow(
        new RegExp(`^Invalid configuration: ${name} `),
      )
    }
  })
})

describe('scheduled pruning', () => {
  const now = Date.now()
  const session = (tag: string, v: { refresh: number; revoked?: number; started?: number }) => ({
    user_id: adminId,
    family_id: `prune-${tag}`,
    access_hash: `prune-a-${tag}`,
    access_expires_at: iso(v.refresh),
    refresh_hash: `prune-r-${tag}`,
    refresh_expires_at: iso(v.refresh),
    rotated_at: null,
    revoked_at: v.revoked === undefined ? null : iso(v.revoked),
    ip: '10.9.0.1',
    created_at: iso(v.started ?? now),
    family_started_at: iso(v.started ?? now),
  })
  const log = (tag: string, at: number) => ({
    account: tag,
    operation: 'prune test',
    log_type: 'system',
    result: 'login failure',
    ip: '10.9.0.1',
    created_at: iso(at),
  })

  beforeAll(async () => {
    const c = t.config
    await t.db.db
      .insertInto('system_log')
      .values([
        log('old-log', now - (c.retention.logDays + 1) * day),
        log('new-log', now - (c.retention.logDays - 1) * day),
      ])
      .execute()
    await t.db.db
      .insertInto('sessions')
      .values([
        session('expired-long-ago', { refresh: now - (c.retention.sessionDays + 1) * day }),
        session('revoked-long-ago', {
          refresh: now + day,
          revoked: now - (c.retention.sessionDays + 1) * day,
        }),
        session('family-ended-long-ago', {
          refresh: now + day,
          started: now - c.sessionMaxAgeSeconds * 1000 - (c.retention.sessionDays + 1) * day,
        }),
        session('expired-recently', { refresh: now - day }),
        session('live', { refresh: now + day }),
      ])
      .execute()
    await t.db.db
      .insertInto('app_meta')
      .values([
        {
          key: 'idem:1:old',
          value: `${iso(now - (c.retention.idempotencyDays + 1) * day)} {"fp":"x","result":null}`,
        },
        { key: 'idem:1:new', value: `${iso(now - day)} {"fp":"x","result":null}` },
      ])
      .execute()
    await t.db.db
      .insertInto('wechat_ticket')
      .values([
        { ticket_hash: 'prune-old', open_id: 'o1', nick_name: 'n', expires_at: iso(now - 1000) },
        {
          ticket_hash: 'prune-live',
          open_id: 'o2',
          nick_name: 'n',
          expires_at: iso(now + 600_000),
        },
      ])
      .execute()
    const change = (id: string, at: number) => ({
      record_type: 'Order',
      record_id: id,
      at: iso(at),
      user_id: null,
      user_name: '',
      how: 'api',
      action: 'update',
      changes: '[]',
    })
    await t.db.db
      .insertInto('record_history')
      .values([
        change('prune-old', now - (c.retention.historyDays + 1) * day),
        change('prune-new', now - (c.retention.historyDays - 1) * day),
      ])
      .execute()
  })

  it('runs once at start and deletes only what outlived its retention, on either database', async () => {
    const lines: object[] = []
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length
    const before = timers()
    const pruning = startPruning(t.db.db, t.config, {
      info: (o) => lines.push(o),
      warn: (o) => lines.push(o),
    })
    // its interval never keeps the process alive
    expect(timers()).toBe(before)
    await pruning.stop()
    expect(lines).toContainEqual({
      pruned: { logs: 1, notices: 0, sessions: 3, idempotency: 1, wechatTickets: 1, history: 1 },
    })

    const logs = await t.db.db
      .selectFrom('system_log')
      .select('account')
      .where('operation', '=', 'prune test')
      .execute()
    expect(logs.map((l) => l.account)).toEqual(['new-log'])
    const families = await t.db.db
      .selectFrom('sessions')
      .select('family_id')
      .where('family_id', 'like', 'prune-%')
      .orderBy('family_id')
      .execute()
    expect(families.map((f) => f.family_id)).toEqual(['prune-expired-recently', 'prune-live'])
    const keys = await t.db.db
      .selectFrom('app_meta')
      .select('key')
      .where('key', 'like', 'idem:1:%')
      .execute()
    expect(keys.map((k) => k.key)).toEqual(['idem:1:new'])
    const tickets = await t.db.db
      .selectFrom('wechat_ticket')
      .select('ticket_hash')
      .where('ticket_hash', 'like', 'prune-%')
      .execute()
    expect(tickets.map((k) => k.ticket_hash)).toEqual(['prune-live'])
    const kept = await t.db.db
      .selectFrom('record_history')
      .select('record_id')
      .where('record_id', 'like', 'prune-%')
      .execute()
    expect(kept.map((k) => k.record_id)).toEqual(['prune-new'])

    // a second run finds nothing more
    expect(await pruneOnce(t.db.db, t.config)).toEqual({
      logs: 0,
      notices: 0,
      sessions: 0,
      idempotency: 0,
      wechatTickets: 0,
      history: 0,
    })
  })
})

describe('what one address can add to system_log', () => {
  const rows = (ip: string) =>
    t.db.db
      .selectFrom('system_log')
      .select(['operation', 'result', 'repeat_count'])
      .where('ip', '=', ip)
      .orderBy('id')
      .execute()
  const refusal = (ip: string, operation: string): LogEntry => ({
    account: '',
    operation,
    logType: 'system',
    result: 'attack',
    ip,
  })

  it('repeated sign-in failures for one account from one address within a minute are one row with a count', async () => {
    const ip = '10.8.0.1'
    // the rows are per minute: start well inside one
    while (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 200))
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'nobody0', password: `wrong-password-${i}` },
        remoteAddress: ip,
      })
      expect(res.statusCode).toBeLessThan(500)
    }
    expect(await rows(ip)).toEqual([
      { operation: 'login', result: 'login failure', repeat_count: 3 },
    ])
    const admin = await signIn(t.app, 'admin')
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/Log/GetList',
      payload: { account: 'nobody0' },
      headers: { authorization: `Bearer ${admin}` },
    })
    expect((list.json() as { data: { result: { Result: string }[] } }).data.result[0]!.Result).toBe(
      'login failure ×3',
    )
  })

  it(`an address adds at most ${cap} refusal rows an hour; past that only the count grows`, async () => {
    const ip = '10.8.0.2'
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => writeLog(t.db.db, refusal(ip, `GET /route-${i % 20}`))),
    )
    const mine = await rows(ip)
    expect(mine).toHaveLength(cap)
    expect(mine.reduce((sum, r) => sum + r.repeat_count, 0)).toBe(40)
    // another address is not affected, and successes are always written
    await writeLog(t.db.db, refusal('10.8.0.3', 'GET /other'))
    expect(await rows('10.8.0.3')).toHaveLength(1)
    for (let i = 0; i < cap + 2; i++)
      await writeLog(t.db.db, {
        account: 'admin',
        operation: 'login',
        logType: 'system',
        result: 'login success',
        ip,
      })
    expect((await rows(ip)).filter((r) => r.result === 'login success')).toHaveLength(cap + 2)
  })

  it('signed-in data changes are never collapsed', async () => {
    const ip = '10.8.0.4'
    for (let i = 0; i < cap + 3; i++)
      await writeLog(t.db.db, {
        account: 'staff',
        operation: 'PostCommon SaveOrder',
        logType: 'database',
        result: 'success: inserted 1',
        ip,
      })
    expect(await rows(ip)).toHaveLength(cap + 3)
  })
})
