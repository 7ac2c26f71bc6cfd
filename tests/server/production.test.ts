import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type Body = { code: number; data: unknown; errors?: Record<string, string> }
const call = async (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { authorization: `Bearer ${tokens[who]}` },
  })
  return { status: res.statusCode, body: res.json() as Body }
}
const save = (postData: unknown) =>
  call('staff', 'POST', 'PostData/PostCommon', { postUrl: 'SaveProductionReport', postData })

describe('production reports', () => {
  it('lists the seeded reports and gets one', async () => {
    const page = (await call('staff', 'POST', 'ProductionReport/GetList', { pageSize: 5 })).body
      .data as {
      result: { Id: number; Workshop: string; OutputQuantity: number }[]
      total: number
    }
    expect(page.total).toBeGreaterThan(20)
    expect(page.result).toHaveLength(5)
    const one = await call('staff', 'POST', 'ProductionReport/Get', { id: page.result[0]!.Id })
    expect(one.body.data).toEqual(page.result[0])
    expect((await call('editor', 'POST', 'ProductionReport/GetList', {})).status).toBe(403)
  })

  it('saves a report and sums output and scrap per day and workshop', async () => {
    const r = await save({
      insertRecords: [
        {
          ReportDateString: '2020-01-02',
          Workshop: '试制车间',
          Process: '模锻',
          Operator: '赵六',
          OutputQuantity: 100,
          ScrapQuantity: 3,
        },
        {
          ReportDateString: '2020-01-02',
          Workshop: '试制车间',
          OutputQuantity: 50,
          ScrapQuantity: 1,
        },
        { ReportDateString: '2020-01-03', Workshop: '试制车间', OutputQuantity: 70 },
      ],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const chart = await call('staff', 'POST', 'ProductionReport/GetChartList', {
      startDate: '2020-01-01',
      endDate: '2020-01-31',
    })
    expect(chart.body.data).toEqual({
      result: [
        { DateString: '2020-01-02', Workshop: '试制车间', OutputQuantity: 150, ScrapQuantity: 4 },
        { DateString: '2020-01-03', Workshop: '试制车间', OutputQuantity: 70, ScrapQuantity: 0 },
      ],
      workshops: ['试制车间'],
    })
    const recent = (await call('staff', 'POST', 'ProductionReport/GetChartList', {})).body.data as {
      result: unknown[]
      workshops: string[]
    }
    expect(recent.workshops.length).toBeGreaterThanOrEqual(2)
  })

  it('refuses a report without workshop, a negative output and an unknown order', async () => {
    const r = await save({
      insertRecords: [{ ReportDateString: '2020-01-02', Workshop: '', OutputQuantity: -1 }],
    })
    expect(r.body.errors).toEqual({
      'postData.insertRecords.0.Workshop': '此项为必填项',
      'postData.insertRecords.0.OutputQuantity': '不能小于0',
    })
    const o = await save({
      insertRecords: [{ ReportDateString: '2020-01-02', Workshop: 'x', OrderNo: 'NOPE' }],
    })
    expect(o.body.errors).toEqual({
      'postData.insertRecords.0.OrderNo': '订单号 NOPE 不存在，请从已有订单中选择',
    })
  })

  it('answers select options', async () => {
    const shops = await call('staff', 'GET', 'ProductionReport/GetSelectList?type=workshop')
    expect((shops.body.data as { value: string }[]).map((o) => o.value)).toContain('试制车间')
    const orders = await call(
      'staff',
      'GET',
      'ProductionReport/GetSelectList?type=order&keyword=0001',
    )
    expect(orders.body.data).toEqual([
      { label: expect.stringContaining('0001'), value: expect.any(Number) },
    ])
    expect(
      (await call('staff', 'GET', 'ProductionReport/GetSelectList?type=password')).status,
    ).toBe(400)
  })
})
