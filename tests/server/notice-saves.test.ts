import type { AddressInfo } from 'node:net'
import type { KyselyPlugin, OperationNode } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'
import { post, postCommon } from './helpers/system-calls.ts'

/** Every statement the app runs (through any transaction), with the tables it names. */
const statements: string[][] = []
const counter: KyselyPlugin = {
  transformQuery(args) {
    const json = JSON.stringify(args.node as OperationNode)
    statements.push(
      [
        ...json.matchAll(
          /"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"([a-z_]+)"/g,
        ),
      ].map((m) => m[1]!),
    )
    return args.node
  },
  async transformResult(args) {
    return args.result
  },
}

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => ({ ...db, db: db.db.withPlugin(counter) }) })
  for (const u of ['admin', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

let serial = 0
/** Saves n new orders in one PostCommon call; answers the statements it ran. */
async function saveOrders(n: number) {
  const records = Array.from({ length: n }, () => ({
    OrderNo: `ST-${++serial}`,
    Customer: 'Statement Co',
    PartName: 'Statement part',
    Quantity: 1,
    UnitPrice: 1,
  }))
  const before = statements.length
  const r = await postCommon(t, tokens.staff!, 'SaveOrder', { insertRecords: records })
  // the Web Push sender's look-ups run after the answer: counted whatever the machine's speed
  await t.app.push.idle()
  expect(r.status, JSON.stringify(r)).toBe(200)
  expect(r.data.inserted).toBe(n)
  return statements.slice(before)
}
const audience = (s: string[][]) =>
  s.filter((tables) => tables.some((x) => x === 'roles' || x === 'role_menu' || x === 'menu'))
    .length

describe('a save of N new records resolves the notice audience once', () => {
  // per record: the order-number check, the order, the notice, its recipients, the Web Push
  // sender's look-up of the recipients' devices (off the request path); on PostgreSQL
  // also the pg_notify that announces the notice to the other instances
  it('20 new orders cost a fixed number of statements each more than 1, none of them the audience', async () => {
    await saveOrders(1) // warms what is cached per process (sign-in state, role screens)
    const one = await saveOrders(1)
    const twenty = await saveOrders(20)
    const perRecord = t.db.dialect === 'postgres' ? 6 : 5
    expect(twenty.length, `1: ${one.length}, 20: ${twenty.length}`).toBe(
      one.length + 19 * perRecord,
    )
    // the audience part (roles, their menus) does not grow with N
    expect(audience(twenty)).toBe(audience(one))
    expect(audience(one)).toBeGreaterThan(0)
    expect(twenty.filter((x) => x[0] === 'notice').length).toBe(20)
  })
})

describe('notice text leaves out what the recipient may not see', () => {
  it('a role with column-Customer-show-false gets the new-order notice, list and websocket, without the customer', async () => {
    const setStaff = await postCommon(t, tokens.admin!, 'SaveRole', {
      updateRecords: [
        {
          Code: 'staff',
          Abilities: ['READ', 'ORDERS', 'AUDIT'],
          Permissions: ['column-Customer-show-false'],
        },
      ],
    })
    expect(setStaff.code).toBe(200)
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = t.app.server.address() as AddressInfo
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
    const messages: { type: string; notice?: { Msg: string; OrderNo: string } }[] = []
    const pushed = new Promise<void>((resolve) =>
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as (typeof messages)[number]
        messages.push(m)
        if (m.type === 'ready') void made()
        if (m.type === 'notice') resolve()
      }),
    )
    await new Promise<void>((resolve) => ws.once('open', () => resolve()))
    ws.send(JSON.stringify({ type: 'auth', token: tokens.staff }))
    const customer = 'Zebracorp Hidden 斑马公司'
    const made = () =>
      postCommon(t, tokens.admin!, 'SaveOrder', {
        insertRecords: [
          {
            OrderNo: 'HC-0001',
            Customer: customer,
            PartName: 'Flange',
            Quantity: 10,
            UnitPrice: 2.5,
          },
        ],
      })
    await pushed
    ws.close()
    const push = messages.find((m) => m.type === 'notice')!.notice!
    expect(push.OrderNo).toBe('HC-0001')
    expect(push.Msg).not.toMatch(/Zebracorp|斑马/)
    for (const lang of ['zh', 'en']) {
      const listed = await post<{ result: { Msg: string; OrderNo: string }[] }>(
        t,
        tokens.staff,
        'Notice/GetList',
        { isAll: false, pageSize: 100 },
        lang,
      )
      const n = listed.data.result.find((r) => r.OrderNo === 'HC-0001')!
      expect(n, lang).toBeDefined()
      expect(n.Msg, lang).not.toMatch(/Zebracorp|斑马/)
    }
  })
})
