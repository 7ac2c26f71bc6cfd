import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { can, subjectOf } from '#shared/acl'
import { builtinRoles } from '#server/db/seed/roles'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}
let expired = ''

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
  expired = await signIn(t.app, 'staff')
  const { hashToken } = await import('#server/modules/auth/session-repository')
  await t.db.db
    .updateTable('sessions')
    .set({ access_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('access_hash', '=', hashToken(expired))
    .execute()
})
afterAll(() => t.close())

const abilities = (role: string) => JSON.parse(builtinRoles.find((r) => r.code === role)!.abilities) as string[]

describe('authorization matrix of every staff endpoint (from the route table)', () => {
  it('has staff endpoints to check', () => {
    expect(t.app.permissionTable.filter((r) => r.permission).length).toBeGreaterThan(2)
  })

  it('matches the declared permissions for anonymous, expired token, staff, editor and admin', async () => {
    const staffRoutes = t.app.permissionTable.filter((r) => r.permission)
    for (const route of staffRoutes) {
      const url = route.url.replace(/:(\w+)/g, '1')
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: route.method as 'GET', url, headers, ...(route.method === 'GET' ? {} : { payload: {} }) })
      const anonymous = await call({})
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401)
      const old = await call({ authorization: `Bearer ${expired}` })
      expect((old.json() as { code: number }).code, `${route.method} ${route.url} expired`).toBe(10001)
      for (const role of ['staff', 'editor', 'admin']) {
        const res = await call({ authorization: `Bearer ${tokens[role]}` })
        const allowed = route.permission === 'signedIn' || can(subjectOf(role, abilities(role)), route.permission)
        const status = res.statusCode
        if (allowed) expect([200, 400], `${route.method} ${route.url} as ${role}`).toContain(status)
        else expect(status, `${route.method} ${route.url} as ${role}`).toBe(403)
      }
    }
  })
})
