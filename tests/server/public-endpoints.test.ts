import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listOperations } from '#server/modules/post-common/registry'
import { publicOperations, publicRoutes } from './public-endpoints.ts'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * Which endpoints are public is fixed by `public-endpoints.ts`. Every other route of the route
 * table, and every PostCommon operation, must refuse an anonymous caller with 401 and the
 * `{code: 401}` envelope: a staff endpoint that forgets its permission fails here.
 */
let t: TestApp

/**
 * Every route Fastify knows, read from its own router (`printRoutes`), not from the app's
 * permission table, so a route registered around the authentication hook is seen too.
 */
function routeTable(app: FastifyInstance): { method: string; url: string }[] {
  const out: { method: string; url: string }[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    // "└── / (GET, HEAD)", "    ├── api/order/get (POST)", "    │   └── list (POST)": four columns a level
    const at = line.indexOf('── ')
    if (at < 1) continue
    const depth = (at - 1) / 4
    const m = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3))!
    stack.length = depth
    stack[depth] = m[1]!
    for (const method of m[2]?.split(', ') ?? [])
      if (method !== 'HEAD') out.push({ method, url: stack.join('') })
  }
  return out
}

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`.toLowerCase()
const allowed = new Set(publicRoutes.map((r) => r.toLowerCase()))

beforeAll(async () => {
  // WeChat configured (its stand-in), so the WeChat routes exist and are checked too
  t = await createTestApp({ WECHAT_STANDIN: 'true' })
})
afterAll(() => t.close())

describe('public endpoints are exactly the allowlist', () => {
  it('the permission table holds every route of the router', () => {
    const table = new Set(t.app.permissionTable.map(key))
    const router = routeTable(t.app)
    expect(router.length).toBeGreaterThan(80)
    // printRoutes prints a wildcard route under the root ("/*" for "/uploads/*")
    const known = (r: { method: string; url: string }) =>
      table.has(key(r)) ||
      (r.url.endsWith('*') &&
        [...table].some((k) => k.startsWith(`${r.method.toLowerCase()} `) && k.endsWith('*')))
    expect(router.filter((r) => !known(r)).map(key)).toEqual([])
    // printRoutes folds every wildcard route of one method into one "/*" line: compare the rest exactly
    const plain = (keys: Iterable<string>) => new Set([...keys].filter((k) => !k.endsWith('*')))
    expect(plain(router.map(key)).size).toBe(plain(table).size)
  })

  it('every allowlisted endpoint exists and declares no permission', () => {
    const table = new Map(t.app.permissionTable.map((r) => [key(r), r]))
    for (const entry of allowed) {
      const r = table.get(entry)
      expect(r, `${entry} is on the allowlist but not in the route table`).toBeDefined()
      expect(
        r!.permission,
        `${entry} is on the allowlist but declares a permission`,
      ).toBeUndefined()
    }
  })

  it('every other route answers 401 with the envelope to an anonymous caller', async () => {
    let checked = 0
    for (const route of t.app.permissionTable) {
      if (allowed.has(key(route))) continue
      const url = route.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x')
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      })
      expect(
        res.statusCode,
        `${route.method} ${route.url} answered ${res.statusCode} to an anonymous caller`,
      ).toBe(401)
      const body = res.json() as { code: number; msg: string }
      expect(body.code, `${route.method} ${route.url}`).toBe(401)
      expect(body.msg, `${route.method} ${route.url}`).toMatch(/\S/)
      checked++
    }
    expect(checked).toBeGreaterThan(40)
  })

  it('every PostCommon operation not allowlisted answers 401 to an anonymous caller', async () => {
    const ops = listOperations()
    expect(ops.length).toBeGreaterThan(20)
    for (const name of publicOperations)
      expect(
        ops.some((o) => o.postUrl === name),
        `${name} is allowlisted but not registered`,
      ).toBe(true)
    for (const op of ops) {
      if (publicOperations.includes(op.postUrl)) continue
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/PostData/PostCommon',
        payload: {
          postUrl: op.postUrl,
          postData: { insertRecords: [{}], updateRecords: [], removeRecords: [] },
        },
      })
      expect(
        res.statusCode,
        `${op.postUrl} answered ${res.statusCode} to an anonymous caller`,
      ).toBe(401)
      expect((res.json() as { code: number }).code, op.postUrl).toBe(401)
    }
  })
})
