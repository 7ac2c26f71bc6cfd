import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusalStatuses, withRefusals } from '#server/plugins/openapi-answers'
import { contractChecker, type OpenApiDoc } from './helpers/openapi-check.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

// The published contract tells the truth: valid OpenAPI 3, every reference resolves, every
// operation lists each status it can answer with its envelope (refusals and faults with
// `data: null`), and the calls whose business failures travel with HTTP 200 say so. The server
// tests check every answer they get against it (tests/server/setup.ts); these check the
// document itself and the checker.

let t: TestApp
let doc: OpenApiDoc & { openapi: string }
let check: ReturnType<typeof contractChecker>
beforeAll(async () => {
  t = await createTestApp({ WECHAT_APP_ID: 'wx-test', WECHAT_APP_SECRET: 'secret' })
  doc = (await t.app.inject('/api/openapi.json')).json()
  check = contractChecker(doc)
})
afterAll(() => t?.close())

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path: p, op })),
  )

const failure = JSON.stringify({ code: 500, msg: 'Account or password incorrect', data: null })
const answer = (method: string, route: string, status: number, body: string) =>
  check({ method, route, status, contentType: 'application/json; charset=utf-8', body })

describe('the published contract', () => {
  it('is valid OpenAPI 3', async () => {
    const result = await new Validator().validate(structuredClone(doc))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(doc.openapi).toMatch(/^3\./)
  })

  it('has no reference that does not resolve', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!)
    expect(refs.length).toBeGreaterThan(0)
    const dangling = refs.filter((ref) => {
      const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1]
      return !name || !doc.components?.schemas?.[name]
    })
    expect([...new Set(dangling)]).toEqual([])
  })

  it('documents every refusal status of every operation with the error envelope', () => {
    const missing: string[] = []
    // liveness (/healthz) answers 200 or nothing at all (fault-contract.test.ts)
    for (const { method, path, op } of operations().filter((o) => o.path !== '/healthz'))
      for (const status of Object.keys(refusalStatuses)) {
        const schema = op.responses?.[status]?.content?.['application/json']?.schema
        if (!schema) missing.push(`${method} ${path} ${status}`)
      }
    expect(missing).toEqual([])
    expect(Object.keys(refusalStatuses)).toEqual(
      ['400', '401', '403', '404', '409', '413', '429', '500', '503', '507'].sort(),
    )
    // a refusal answer matches; a refusal that carries data does not
    const refusal = JSON.stringify({ code: 400, msg: 'bad', data: null, errors: { a: 'x' } })
    expect(answer('POST', '/api/Order/GetList', 400, refusal)).toBeNull()
    expect(answer('POST', '/api/Order/GetList', 503, refusal)).toBeNull()
    expect(answer('POST', '/api/Order/GetList', 507, refusal)).toBeNull()
    expect(
      answer('POST', '/api/Order/GetList', 400, JSON.stringify({ code: 400, msg: 'x', data: 1 })),
    ).toMatch(/data/)
  })

  it('lets the sign-in calls and signed-in calls answer a failure with HTTP 200', () => {
    for (const [method, route] of [
      ['POST', '/api/User/Login'],
      ['GET', '/api/User/RefreshToken'],
      ['POST', '/api/User/RefreshToken'],
      ['POST', '/api/User/PhoneLogin'],
      ['POST', '/api/User/WxLogin'],
      ['POST', '/api/User/ChooseWxLogin'],
      ['POST', '/api/User/WxBind'],
      ['POST', '/socialLogin'],
      ['POST', '/api/CommonData/TranslateGeneral'],
      ['POST', '/api/User/SendSmsCode'],
      // an expired access token answers 10001 with HTTP 200 before any signed-in route runs
      ['POST', '/api/Order/GetList'],
      ['GET', '/api/User/Get'],
    ] as const)
      expect(answer(method, route, 200, failure), `${method} ${route}`).toBeNull()
    // a public read never does
    expect(answer('GET', '/api/CommonData/GetList', 200, failure)).toMatch(/data/)
    // the success answer still has to be the declared one
    const tokens = JSON.stringify({ code: 200, msg: 'ok', data: { Token: 't', RefreshToken: 'r' } })
    expect(answer('POST', '/api/User/Login', 200, tokens)).toBeNull()
    const wrong = JSON.stringify({ code: 200, msg: 'ok', data: { Token: 1 } })
    expect(answer('POST', '/api/User/Login', 200, wrong)).toMatch(/Token|RefreshToken/)
  })

  it('describes the menu tree through a named, recursive component', () => {
    const item = doc.components!.schemas!.MenuItem as {
      properties: { children: { items: { $ref: string } } }
    }
    expect(item.properties.children.items.$ref).toBe('#/components/schemas/MenuItem')
    const tree = JSON.stringify({
      code: 200,
      msg: 'ok',
      data: [
        {
          path: '/system',
          name: 'System',
          component: 'Layout',
          hidden: false,
          alwaysShow: true,
          menuHidden: false,
          meta: { title: 'System' },
          children: [
            {
              path: '/system/user',
              name: 'User',
              component: 'system/user',
              hidden: false,
              alwaysShow: false,
              menuHidden: false,
              meta: { title: 'Users' },
              children: [{ path: 1 }],
            },
          ],
        },
      ],
    })
    // the nested child is checked too: its `path` must be a string
    expect(answer('POST', '/api/Menu/GetUserMenuList', 200, tree)).toMatch(/path|required/)
    expect(answer('POST', '/api/Menu/GetList', 200, tree.replace('[{"path":1}]', '[]'))).toBeNull()
  })

  it('names a status, a content type or a route the document does not have', () => {
    expect(answer('POST', '/api/User/Login', 418, failure)).toBe('status 418 is not documented')
    expect(
      check({
        method: 'POST',
        route: '/api/Order/Export',
        status: 200,
        contentType: 'text/csv',
        body: 'a,b',
      }),
    ).toMatch(/text\/csv is not documented/)
    expect(answer('GET', '/no/such/route', 200, failure)).toBeUndefined()
  })
})

describe('refusal statuses added to an operation', () => {
  it('keep a status the route declares itself, and leave a public 200 alone', () => {
    const clash = {
      description: 'clash',
      content: { 'application/json': { schema: { type: 'object' } } },
    }
    const ok = { type: 'object' }
    const out = withRefusals({ 200: ok, 409: clash }, false)
    expect(out['409']).toBe(clash)
    expect(out['200']).toBe(ok)
    expect(Object.keys(out).sort()).toEqual(['200', ...Object.keys(refusalStatuses)].sort())
    expect(withRefusals({ 200: ok }, true)['200']).toEqual({
      anyOf: [ok, { $ref: '#/components/schemas/ErrorEnvelope' }],
    })
  })
})
