import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogRow } from '#shared/contract/system-log'
import { clientErrorsPerMinute } from '#shared/contract/client-error'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post } from './helpers/system-calls.ts'

let t: TestApp
const tokens = { admin: '', staff: '' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const u of ['admin', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

const entry = (message: string) => ({
  url: '/orders/order?page=2',
  message,
  stack: 'Error: x\n at y',
  source: 'render',
})

describe('POST /api/Log/ClientError (SPEC §8: UI errors sent on to the server)', () => {
  it('stores the entry with the user and the route; admins read it in the log', async () => {
    expect(
      (await post(t, tokens.staff, 'Log/ClientError', entry('Cannot read properties of undefined')))
        .code,
    ).toBe(200)
    const rows = (
      await post<{ result: LogRow[] }>(t, tokens.admin, 'Log/GetList', {
        result: 'client error',
        pageSize: 100,
      })
    ).data.result
    expect(rows.map((r) => [r.Account, r.Operation, r.Result])).toContainEqual([
      'staff',
      'client render /orders/order?page=2',
      'client error: Cannot read properties of undefined',
    ])
  })

  it('refuses anonymous callers, oversized entries and floods', async () => {
    expect((await post(t, undefined, 'Log/ClientError', entry('x'))).status).toBe(401)
    expect((await post(t, tokens.staff, 'Log/ClientError', entry('x'.repeat(1001)))).status).toBe(
      400,
    )
    expect(
      (await post(t, tokens.staff, 'Log/ClientError', { ...entry('x'), url: '/'.repeat(501) }))
        .status,
    ).toBe(400)
    expect(
      (await post(t, tokens.staff, 'Log/ClientError', { ...entry('x'), source: 'other' })).status,
    ).toBe(400)
    const codes: number[] = []
    for (let i = 0; i < clientErrorsPerMinute + 2; i++)
      codes.push((await post(t, tokens.admin, 'Log/ClientError', entry(`flood ${i}`))).code)
    expect(codes.slice(0, clientErrorsPerMinute).every((c) => c === 200)).toBe(true)
    expect(codes.slice(clientErrorsPerMinute)).toEqual([429, 429])
  })
})
