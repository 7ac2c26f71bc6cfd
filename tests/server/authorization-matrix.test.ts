import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { can, subjectOf, type Requirement } from '#shared/acl'
import { isStaffScreen } from '#shared/staff-screens'
import { staffMenu } from '#shared/staff-menu'
import { builtinRoles } from '#server/db/seed/roles'
import { listOperations } from '#server/modules/post-common/registry'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

/**
 * Every staff endpoint of the route table (and every PostCommon operation of the registry)
 * x {anonymous, expired token, staff, editor, admin, a role with abilities but no screens}.
 * The expectation comes from the declarations: the permission checked with shared/acl and the
 * screens (`menu`) the endpoint serves, held by the seeded roles as their abilities opened them.
 */
let t: TestApp
const tokens: Record<string, string> = {}
let expired = ''
const roles = ['staff', 'editor', 'admin', 'noscreens'] as const
type Role = (typeof roles)[number]

const abilitiesOf = (role: Role): string[] =>
  role === 'noscreens'
    ? ['READ', 'WRITE', 'AUDIT', 'CONTENT', 'ORDERS']
    : (JSON.parse(builtinRoles.find((r) => r.code === role)!.abilities) as string[])

/** Screens a seeded role holds: the menu entries whose (inherited) requirement its abilities pass. */
function heldScreens(role: Role): Set<string> {
  const out = new Set<string>()
  if (role === 'noscreens') return out
  const subject = subjectOf(role, abilitiesOf(role))
  const walk = (items: typeof staffMenu, inherited: Requirement | null) => {
    for (const item of items) {
      const req = item.permission ?? inherited
      if (req !== null && can(subject, req)) out.add(item.path)
      walk(item.children ?? [], req)
    }
  }
  walk(staffMenu, null)
  return out
}

function allowed(
  role: Role,
  permission: 'signedIn' | Requirement,
  menu: readonly string[] | undefined,
): boolean {
  const subject = subjectOf(role, abilitiesOf(role))
  if (permission !== 'signedIn' && !can(subject, permission)) return false
  if (subject.admin || !menu || menu.length === 0) return true
  const held = heldScreens(role)
  return menu.some((s) => held.has(s))
}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
  // every ability but no menu entry: only the declared screens can refuse it
  await t.db.db
    .insertInto('roles')
    .values({
      code: 'noscreens',
      name: '无页面',
      name_en: 'No screens',
      abilities: JSON.stringify(abilitiesOf('noscreens')),
      builtin: 0,
    })
    .execute()
  await t.db.db
    .updateTable('users')
    .set({ role: 'noscreens' })
    .where('login_name', '=', 'editor')
    .execute()
  tokens.noscreens = await signIn(t.app, 'editor')
  await t.db.db
    .updateTable('users')
    .set({ role: 'editor' })
    .where('login_name', '=', 'editor')
    .execute()
  expired = await signIn(t.app, 'staff')
  const { hashToken } = await import('#server/modules/auth/session-repository')
  await t.db.db
    .updateTable('sessions')
    .set({ access_expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('access_hash', '=', hashToken(expired))
    .execute()
})
afterAll(() => t.close())

/** Runs `fn` with the editor account switched to the role-without-screens. */
async function asNoScreens<T>(fn: () => Promise<T>): Promise<T> {
  await t.db.db
    .updateTable('users')
    .set({ role: 'noscreens' })
    .where('login_name', '=', 'editor')
    .execute()
  try {
    return await fn()
  } finally {
    await t.db.db
      .updateTable('users')
      .set({ role: 'editor' })
      .where('login_name', '=', 'editor')
      .execute()
  }
}

const tokenOf = (role: Role) => (role === 'noscreens' ? tokens.noscreens! : tokens[role]!)
const call = (role: Role, fn: () => Promise<number>) =>
  role === 'noscreens' ? asNoScreens(fn) : fn()

describe('authorization matrix of every staff endpoint (from the route table)', () => {
  const staffRoutes = () => t.app.permissionTable.filter((r) => r.permission)

  it('has staff endpoints and operations to check, and every screen they name exists', () => {
    expect(staffRoutes().length).toBeGreaterThan(30)
    expect(listOperations().length).toBeGreaterThan(20)
    for (const r of [...staffRoutes(), ...listOperations()]) {
      for (const s of r.menu ?? [])
        expect(isStaffScreen(s), `${'url' in r ? r.url : r.postUrl} names ${s}`).toBe(true)
    }
  })

  it('every endpoint with a requirement names the screens it serves', () => {
    for (const r of staffRoutes()) {
      if (r.permission !== 'signedIn')
        expect(r.menu?.length ?? 0, `${r.method} ${r.url}`).toBeGreaterThan(0)
    }
    for (const op of listOperations()) {
      if (op.permission !== 'signedIn') expect(op.menu?.length ?? 0, op.postUrl).toBeGreaterThan(0)
    }
  })

  it('matches the declared permissions for anonymous, expired token, staff, editor, admin and a role without screens', async () => {
    let checked = 0
    for (const route of staffRoutes()) {
      const url = route.url.replace(/:(\w+)/g, '1')
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        })
      const anonymous = await inject({})
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401)
      const old = await inject({ authorization: `Bearer ${expired}` })
      expect((old.json() as { code: number }).code, `${route.method} ${route.url} expired`).toBe(
        10001,
      )
      for (const role of roles) {
        const status = await call(
          role,
          async () => (await inject({ authorization: `Bearer ${tokenOf(role)}` })).statusCode,
        )
        if (allowed(role, route.permission!, route.menu))
          expect([200, 400], `${route.method} ${route.url} as ${role}`).toContain(status)
        else expect(status, `${route.method} ${route.url} as ${role}`).toBe(403)
        checked++
      }
    }
    expect(checked).toBe(staffRoutes().length * roles.length)
  })

  it('matches the declared permission of every PostCommon operation', async () => {
    for (const op of listOperations()) {
      const payload = { postUrl: op.postUrl, postData: {} }
      const inject = (headers: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: '/api/PostData/PostCommon', headers, payload })
      expect((await inject({})).statusCode, `${op.postUrl} anonymous`).toBe(401)
      expect(
        ((await inject({ authorization: `Bearer ${expired}` })).json() as { code: number }).code,
        `${op.postUrl} expired`,
      ).toBe(10001)
      for (const role of roles) {
        const status = await call(
          role,
          async () => (await inject({ authorization: `Bearer ${tokenOf(role)}` })).statusCode,
        )
        if (allowed(role, op.permission, op.menu))
          expect(status, `${op.postUrl} as ${role}`).toBe(200)
        else expect(status, `${op.postUrl} as ${role}`).toBe(403)
      }
    }
  })
})
