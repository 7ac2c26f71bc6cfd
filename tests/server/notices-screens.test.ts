import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { WsServerMessage } from '#shared/contract/notices'
import { withMenu } from '#server/modules/menu/table'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

let t: TestApp
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  for (const u of ['admin', 'staff'] as const) {
    tokens[u] = await signIn(t.app, u)
    ids[u] = (
      await t.db.db
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', u)
        .executeTakeFirstOrThrow()
    ).id
  }
})
afterAll(() => t.close())

const menuId = async (path: string) =>
  (
    await withMenu(t.db.db)
      .selectFrom('menu')
      .select('id')
      .where('path', '=', path)
      .executeTakeFirstOrThrow()
  ).id
/** The staff role keeps ORDERS but holds only these screens. */
const staffScreens = async (paths: string[]) =>
  expect(
    (
      await postCommon(t, tokens.admin!, 'SaveRole', {
        updateRecords: [{ Code: 'staff', MenuIds: await Promise.all(paths.map(menuId)) }],
      })
    ).code,
  ).toBe(200)
type NoticePage = {
  result: { Id: number; CreateType: number }[]
  total: number
  UnreadCount: number
}
const notices = async (who: string) =>
  (
    await post<NoticePage>(t, tokens[who], 'Notice/GetList', {
      pageIndex: 1,
      pageSize: 100,
      isAll: true,
    })
  ).data

describe('notice recipients follow the screens a role holds', () => {
  it('addresses a notice only to roles holding its screen (admin always)', async () => {
    await staffScreens(['/supplier/purchase'])
    const purchase = await t.app.notify({ type: 0, orderId: 1, orderNo: 'NS-1', msg: '采购' })
    const shipment = await t.app.notify({ type: 3, orderId: 1, orderNo: 'NS-1', msg: '发货' })
    expect(purchase.recipients).toContain(ids.staff)
    expect(shipment.recipients).not.toContain(ids.staff)
    expect(shipment.recipients).toContain(ids.admin)
  })

  it('re-checks on read: a screen taken away hides its notices from the list and the unread count', async () => {
    await staffScreens(['/supplier/purchase', '/order/order'])
    const order = await t.app.notify({ type: 2, orderId: 2, orderNo: 'NS-2', msg: '订单' })
    expect(order.recipients).toContain(ids.staff)
    const before = await notices('staff')
    expect(before.result.map((n) => n.Id)).toContain(order.notice.id)

    await staffScreens(['/supplier/purchase'])
    const after = await notices('staff')
    expect(after.result.map((n) => n.Id)).not.toContain(order.notice.id)
    expect(after.result.every((n) => n.CreateType === 0)).toBe(true)
    expect(after.UnreadCount).toBe(before.UnreadCount - 1)
    expect(after.total).toBe(before.total - 1)
    // given back, it shows again (nothing was deleted)
    await staffScreens(['/supplier/purchase', '/order/order'])
    expect((await notices('staff')).result.map((n) => n.Id)).toContain(order.notice.id)
  })

  it('re-checks before a push: a recipient whose role lost the screen gets no socket message', async () => {
    const { port } = t.app.server.address() as AddressInfo
    const connect = async (token: string) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
      const inbox: WsServerMessage[] = []
      ws.on('message', (d) => inbox.push(JSON.parse(d.toString()) as WsServerMessage))
      await new Promise<void>((r) => ws.once('open', () => r()))
      ws.send(JSON.stringify({ type: 'auth', token }))
      while (!inbox.some((m) => m.type === 'ready')) await new Promise((r) => setTimeout(r, 10))
      return { ws, inbox }
    }
    const staff = await connect(tokens.staff!)
    const admin = await connect(tokens.admin!)
    await staffScreens(['/supplier/purchase', '/ship/ship'])
    const event = await t.app.notify({ type: 3, orderId: 3, orderNo: 'NS-3', msg: '发货' })
    expect(event.recipients).toContain(ids.staff)
    await staffScreens(['/supplier/purchase'])
    // the same stored notice published again (as another instance would): staff is skipped now
    await t.app.realtime.publish(event)
    const seen = (inbox: WsServerMessage[]) =>
      inbox.filter((m) => m.type === 'notice' && m.notice.Id === event.notice.id).length
    while (seen(admin.inbox) < 2) await new Promise((r) => setTimeout(r, 10))
    // a ping answered after the push proves the staff socket has read everything sent before it
    staff.ws.send(JSON.stringify({ type: 'ping' }))
    while (!staff.inbox.some((m) => m.type === 'pong')) await new Promise((r) => setTimeout(r, 10))
    expect(seen(staff.inbox)).toBe(1)
    staff.ws.close()
    admin.ws.close()
  })
})
