import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDatabase } from '#server/db/seed/seed'
import { demoDepartments, demoLogins } from '#server/db/seed/demo-staff'
import { loadConfig } from '#server/config'
import type { Database } from '#server/db/schema'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const count = async (table: keyof Database) => {
  const r = await t.db.db
    .selectFrom(table as 'users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

describe('demo content seeded into an empty database', () => {
  it('has the minimum amounts of bilingual content', async () => {
    expect(await count('product_category')).toBeGreaterThanOrEqual(6)
    expect(await count('product')).toBeGreaterThanOrEqual(30)
    expect(await count('carousel')).toBeGreaterThanOrEqual(3)
    expect(await count('news')).toBeGreaterThanOrEqual(5)
    expect(await count('equipment')).toBeGreaterThanOrEqual(6)
    expect(await count('orders')).toBeGreaterThanOrEqual(40)
    expect(await count('purchase')).toBeGreaterThan(0)
    expect(await count('outsourcing')).toBeGreaterThan(0)
    expect(await count('shipment')).toBeGreaterThan(0)
    expect(await count('notice')).toBeGreaterThanOrEqual(10)
    // supplier forms in each audit state, as the screen shows them
    const forms = await t.db.db.selectFrom('supplier_form').select('audit_status').execute()
    expect(new Set(forms.map((f) => f.audit_status))).toEqual(new Set([1, 0, -1]))
    const products = await t.db.db
      .selectFrom('product')
      .select(['title', 'title_en', 'images'])
      .execute()
    for (const p of products) {
      expect(p.title).not.toBe('')
      expect(p.title_en).not.toBe('')
      const images = JSON.parse(p.images) as unknown[]
      expect(images.length).toBeGreaterThanOrEqual(1)
      expect(images.length).toBeLessThanOrEqual(4)
    }
    const contact = await t.db.db.selectFrom('contact_info').selectAll().executeTakeFirstOrThrow()
    for (const k of [
      'address',
      'address_en',
      'phone',
      'fax',
      'mail',
      'website',
      'qr1',
      'qr2',
    ] as const) {
      expect(contact[k], k).not.toBe('')
    }
  })

  it('serves the seeded images', async () => {
    const slide = await t.db.db.selectFrom('carousel').select('image').executeTakeFirstOrThrow()
    const res = await t.app.inject(slide.image)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('creates admin, editor and staff with the configured passwords', async () => {
    const users = await t.db.db
      .selectFrom('users')
      .select(['login_name', 'role'])
      .where('ban', '=', 0)
      .orderBy('id')
      .execute()
    expect(users).toEqual([
      { login_name: 'admin', role: 'admin' },
      { login_name: 'editor', role: 'editor' },
      { login_name: 'staff', role: 'staff' },
    ])
    expect(t.printed).toEqual([])
  })

  it('has the factory department tree with staff in every department', async () => {
    const deps = await t.db.db
      .selectFrom('department')
      .select(['id', 'parent_id', 'name', 'name_en'])
      .orderBy('sort')
      .execute()
    expect(deps.map((d) => d.name)).toEqual([
      '管理部',
      '销售部',
      '采购部',
      '锻造车间',
      '机加工车间',
      '热处理车间',
      '质量部',
      '仓库',
      '财务部',
    ])
    expect(deps.map((d) => d.name_en)).toEqual([
      'Management',
      'Sales',
      'Purchasing',
      'Forging workshop',
      'Machining workshop',
      'Heat treatment',
      'Quality',
      'Warehouse',
      'Finance',
    ])
    expect(deps.map((d) => d.name)).toEqual([...demoDepartments])
    const [top, ...below] = deps
    expect(top!.parent_id).toBeNull()
    for (const d of below) expect(d.parent_id, d.name).toBe(top!.id)
    const users = await t.db.db
      .selectFrom('users')
      .select(['login_name', 'department_id', 'ban', 'real_name', 'mobile'])
      .execute()
    for (const d of deps)
      expect(
        users.some((u) => u.department_id === d.id),
        d.name,
      ).toBe(true)
    const place = (login: string) =>
      deps.find((d) => d.id === users.find((u) => u.login_name === login)?.department_id)?.name
    expect([place('admin'), place('editor'), place('staff')]).toEqual([
      '管理部',
      '销售部',
      '锻造车间',
    ])
    expect(
      users
        .filter((u) => u.ban === 0)
        .map((u) => u.login_name)
        .sort(),
    ).toEqual(['admin', 'editor', 'staff'])
    for (const u of users.filter((u) => demoLogins.includes(u.login_name))) {
      expect(u.real_name).not.toBe('')
      expect(u.mobile).toMatch(/^1\d{10}$/)
    }
    expect(users.length).toBe(3 + demoLogins.length)
  })

  it('demo colleagues cannot sign in and no password of theirs is printed', async () => {
    for (const login of demoLogins.slice(0, 2)) {
      for (const password of ['', login, '123456', 'admin-test-pass-1']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/User/Login',
          payload: { username: login, password },
          remoteAddress: '10.77.0.1',
        })
        expect(
          (res.json() as { data?: { Token?: string } }).data?.Token,
          `${login}/${password}`,
        ).toBeUndefined()
      }
    }
    expect(t.printed.join('\n')).not.toMatch(new RegExp(demoLogins.join('|')))
  })

  it('binds no demo WeChat identity to an administrator (the stand-in signs in with one click)', async () => {
    const bound = await t.db.db
      .selectFrom('wechat_binding as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['u.login_name', 'u.role'])
      .execute()
    expect(bound.length).toBeGreaterThan(0)
    expect(bound.filter((b) => b.role === 'admin' || b.login_name === 'admin')).toEqual([])
  })

  it('runs once: seeding again changes nothing', async () => {
    const before = await count('product')
    await t.db.db
      .updateTable('product')
      .set({ title: 'edited by staff' })
      .where('id', '=', 1)
      .execute()
    await seedDatabase(t.db, t.config, () => {})
    expect(await count('product')).toBe(before)
    expect(await count('users')).toBe(3 + demoLogins.length)
    expect(await count('department')).toBe(demoDepartments.length)
    const p = await t.db.db
      .selectFrom('product')
      .select('title')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    expect(p.title).toBe('edited by staff')
  })
})

describe('first start without configured passwords', () => {
  it('generates a password per account and prints each once', async () => {
    const fresh = await createTestApp({
      ADMIN_PASSWORD: '',
      EDITOR_PASSWORD: '',
      STAFF_PASSWORD: '',
      SEED_DEMO: 'false',
    })
    try {
      const lines = fresh.printed.join('\n')
      const admin = /admin\s+(\S+)/.exec(lines)?.[1]
      expect(admin).toBeTruthy()
      expect(lines).toMatch(/editor\s+\S+/)
      expect(lines).toMatch(/staff\s+\S+/)
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'admin', password: admin },
      })
      expect((res.json() as { code: number }).code).toBe(200)
      const again: string[] = []
      await seedDatabase(fresh.db, loadConfig({ DATA_DIR: fresh.dataDir }), (l) => again.push(l))
      // later starts name the file the passwords were written to, never the passwords
      expect(again).toHaveLength(1)
      expect(again[0]).not.toContain(admin!)
    } finally {
      await fresh.close()
    }
  })
})

describe('a password generated at first start', () => {
  it('must be changed at the first sign-in: staff calls answer "change your password first" until it is', async () => {
    const fresh = await createTestApp({
      ADMIN_PASSWORD: '',
      EDITOR_PASSWORD: '',
      STAFF_PASSWORD: 'staff-given-pass-1',
      SEED_DEMO: 'false',
    })
    try {
      const admin = /admin\s+(\S+)/.exec(fresh.printed.join('\n'))![1]!
      const flags = await fresh.db.db
        .selectFrom('users')
        .select(['login_name', 'must_change_password'])
        .orderBy('login_name')
        .execute()
      // generated: admin and editor; the configured STAFF_PASSWORD was chosen by the operator
      expect(flags.map((f) => [f.login_name, f.must_change_password])).toEqual([
        ['admin', 1],
        ['editor', 1],
        ['staff', 0],
      ])
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        payload: { username: 'admin', password: admin },
      })
      const token = (login.json() as { data: { Token: string } }).data.Token
      const auth = { authorization: `Bearer ${token}` }
      const staffCall = (lang: string) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/Leaving/GetList',
          payload: {},
          headers: { ...auth, lang },
        })
      const info = await fresh.app.inject({ url: '/api/User/Get', headers: auth })
      expect(
        (info.json() as { data: { MustChangePassword: boolean } }).data.MustChangePassword,
      ).toBe(true)
      const refused = await staffCall('zh')
      expect(refused.statusCode).toBe(403)
      expect((refused.json() as { msg: string }).msg).toBe('请先修改密码')
      expect(((await staffCall('en')).json() as { msg: string }).msg).toBe(
        'Please change your password first',
      )
      const changed = await fresh.app.inject({
        method: 'POST',
        url: '/api/User/ModifyMyPass',
        payload: { oldPass: admin, newPass: 'my-own-pass-1' },
        headers: auth,
      })
      expect((changed.json() as { code: number }).code).toBe(10000)
      expect((await staffCall('en')).statusCode).toBe(200)
      const after = await fresh.db.db
        .selectFrom('users')
        .select('must_change_password')
        .where('login_name', '=', 'admin')
        .executeTakeFirstOrThrow()
      expect(after.must_change_password).toBe(0)
    } finally {
      await fresh.close()
    }
  })
})
