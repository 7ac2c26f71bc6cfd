import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Notice } from '#shared/contract/notices'
import { createNotice } from '#server/modules/notices/notify'
import { listNotices, loadNoticeEvent } from '#server/modules/notices/repository'
import { recipientsFor } from '#server/modules/notices/audience'
import { withMenu } from '#server/modules/menu/table'
import { createTestApp, sessionToken, type TestApp } from './helpers/test-app.ts'

// The notices module's parts one by one: what notify() refuses and trims, a failed publish, the
// event another instance loads, the read and unread totals, a role holding a screen without its
// permission.

let t: TestApp
let staff: { id: number; token: string }

const base = { type: 2 as const, orderId: 7, orderNo: 'PO-7', msg: '通知', msgEn: 'Notice' }

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  const u = await t.db.db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', 'staff')
    .executeTakeFirstOrThrow()
  staff = { id: u.id, token: await sessionToken(t, 'staff') }
})
afterAll(() => t.close())

describe('notify() refuses what is not a notice, before writing anything', () => {
  it.each([
    ['an unknown type', { type: 9 }, 'notify: unknown notice type 9'],
    ['a message of spaces', { msg: '  \n ' }, 'notify: msg must not be empty'],
    ['an order id that is not an integer', { orderId: 1.5 }, 'notify: orderId must be an integer'],
  ])('%s', async (_, change, message) => {
    const before = await t.db.db.selectFrom('notice').select('id').execute()
    await expect(
      createNotice(t.db.db, { ...base, ...change } as Parameters<typeof createNotice>[1]),
    ).rejects.toThrow(new TypeError(message))
    expect(await t.db.db.selectFrom('notice').select('id').execute()).toEqual(before)
  })
})

describe('notify() stores', () => {
  it('the texts without their outer spaces; no English text as empty', async () => {
    const a = await t.app.notify({ ...base, msg: '  发货通知 ', msgEn: ' Shipped  ' })
    const b = await t.app.notify({ ...base, msgEn: undefined })
    const rows = await t.db.db
      .selectFrom('notice')
      .select(['id', 'msg', 'msg_en'])
      .where('id', 'in', [a.notice.id, b.notice.id])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: a.notice.id, msg: '发货通知', msg_en: 'Shipped' },
      { id: b.notice.id, msg: '通知', msg_en: '' },
    ])
  })

  it('a notice whose publishing fails: stored, returned, and the failure logged', async () => {
    const publish = t.app.realtime.publish
    const warn = vi.spyOn(t.app.log, 'warn')
    const err = new Error('bus down')
    t.app.realtime.publish = () => Promise.reject(err)
    try {
      const e = await t.app.notify(base)
      expect(e.recipients).toContain(staff.id)
      expect(
        await t.db.db
          .selectFrom('notice')
          .select('id')
          .where('id', '=', e.notice.id)
          .executeTakeFirst(),
      ).toEqual({ id: e.notice.id })
      expect(warn).toHaveBeenCalledWith({ err }, 'notify: could not publish a notice')
    } finally {
      t.app.realtime.publish = publish
      warn.mockRestore()
    }
  })
})

describe('loadNoticeEvent (a notice another instance announced)', () => {
  it('is the stored notice with its unread recipients only; a missing one is undefined', async () => {
    const e = await t.app.notify({ ...base, msg: '载入', msgEn: 'Loaded' })
    expect(e.recipients.length).toBeGreaterThan(1)
    await t.db.db
      .updateTable('notice_recipient')
      .set({ is_read: 1, read_at: new Date().toISOString() })
      .where('notice_id', '=', e.notice.id)
      .where('user_id', '=', staff.id)
      .execute()
    const loaded = await loadNoticeEvent(t.db.db, e.notice.id)
    expect(loaded).toEqual({
      notice: {
        id: e.notice.id,
        msg: '载入',
        msgEn: 'Loaded',
        createType: 2,
        orderId: 7,
        orderNo: 'PO-7',
        createdAt: e.notice.createdAt,
      },
      recipients: e.recipients.filter((u) => u !== staff.id),
    })
    expect(await loadNoticeEvent(t.db.db, e.notice.id + 1000)).toBeUndefined()
  })
})

describe('the lists', () => {
  const get = async (payload: Record<string, unknown>, lang = 'zh') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Notice/GetList',
      payload,
      headers: { authorization: `Bearer ${staff.token}`, lang },
    })
    expect(res.statusCode).toBe(200)
    return res.json() as {
      code: number
      msg: string
      data: { result: Notice[]; total: number; UnreadCount: number }
    }
  }

  it('answer ok; unread only together with read only is nothing; the read total is what was read', async () => {
    const all = await get({ pageSize: 100, isAll: true })
    expect(all).toMatchObject({ code: 200, msg: 'ok' })
    const read = all.data.result.filter((n) => n.IsRead).length
    expect(read).toBeGreaterThan(0)
    expect(all.data.UnreadCount).toBe(all.data.total - read)
    expect((await get({ pageSize: 100, isAll: true, isRead: true })).data.total).toBe(read)
    expect((await get({ pageSize: 100, isAll: false, isRead: true })).data).toEqual({
      result: [],
      total: 0,
      UnreadCount: all.data.UnreadCount,
    })
    // the same through the repository: isRead true with isAll false never lists unread ones
    const direct = await listNotices(
      t.db.db,
      staff.id,
      { pageIndex: 1, pageSize: 100, isAll: false, isRead: true },
      'zh',
    )
    expect(direct.result).toEqual([])
  })

  it('an English text of spaces falls back to the Chinese one', async () => {
    const e = await t.app.notify({ ...base, msg: '只有中文' })
    await t.db.db
      .updateTable('notice')
      .set({ msg_en: '   ' })
      .where('id', '=', e.notice.id)
      .execute()
    const en = await get({ pageSize: 100, isAll: true }, 'en')
    expect(en.data.result.find((n) => n.Id === e.notice.id)?.Msg).toBe('只有中文')
  })
})

describe('who receives a notice', () => {
  it('a role holding the screen without the permission of its module receives none', async () => {
    const menu = await withMenu(t.db.db)
      .selectFrom('menu')
      .select('id')
      .where('path', '=', '/order/order')
      .executeTakeFirstOrThrow()
    await t.db.db
      .insertInto('roles')
      .values({
        code: 'viewer',
        name: '查看',
        name_en: 'Viewer',
        abilities: JSON.stringify(['READ']),
        builtin: 0,
      })
      .execute()
    await t.db.db
      .insertInto('role_menu')
      .values({ role_code: 'viewer', menu_id: menu.id })
      .execute()
    const viewer = await t.db.db
      .insertInto('users')
      .values({
        login_name: 'viewer1',
        real_name: 'viewer1',
        nick_name: 'viewer1',
        mobile: '',
        email: '',
        role: 'viewer',
        department_id: null,
        ban: 0,
        avatar: '',
        password_hash: 'x',
        must_change_password: 0,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const to = await recipientsFor(t.db.db, 2)
    expect(to).toContain(staff.id)
    expect(to).not.toContain(viewer.id)
  })
})
