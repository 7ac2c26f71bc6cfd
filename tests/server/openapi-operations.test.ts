import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

// The published contract (`/api/openapi.json`) describes every operation: a tag to group it by,
// a summary, and the schema of its answer. A route registered without them (or with an empty
// one) is a hole in what integrators read.
type Operation = {
  tags?: unknown[]
  summary?: unknown
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

let t: TestApp
let operations: [string, Operation][]
beforeAll(async () => {
  t = await createTestApp()
  const doc = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>
  }
  operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [`${method} ${p}`, op]),
  )
})
afterAll(() => t?.close())

describe('OpenAPI operations', () => {
  it('lists the sign-in, session, sign-up and grid operations', () => {
    const paths = new Set(operations.map(([name]) => name.split(' ')[1]))
    for (const path of [
      '/api/User/Login',
      '/api/User/PhoneLogin',
      '/api/User/RefreshToken',
      '/api/User/Get',
      '/api/User/ModifyMyPass',
      '/api/User/SendSmsCode',
      '/api/User/SendMobileChangeCode',
      '/api/User/SignUpOptions',
      '/api/register',
      '/register',
      '/api/publicKey',
      '/publicKey',
      '/api/logout',
      '/logout',
      '/api/CommonData/GetList',
      '/api/PostData/PostFrontCommon',
    ])
      expect(paths.has(path), path).toBe(true)
  })

  it('has no WeChat stand-in unless WECHAT_STANDIN is set', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/wechat-standin/authorize' })).toBe(false)
    expect(t.app.hasRoute({ method: 'GET', url: '/publicKey' })).toBe(true)
  })

  it('each has a tag and a summary', () => {
    const missing = operations
      .filter(
        ([, op]) =>
          !op.tags?.length ||
          op.tags.some((tag) => typeof tag !== 'string' || tag.trim() === '') ||
          typeof op.summary !== 'string' ||
          op.summary.trim() === '',
      )
      .map(([name]) => name)
    expect(missing).toEqual([])
  })

  it('each documents the schema of its answer, but a file download and a report with no answer', () => {
    // a grid export answers an .xlsx stream; a client error report answers 204, no body
    const noJson = /^post \/api\/(\w+\/Export|Log\/ClientError)$/
    const missing = operations
      .filter(([name, op]) => {
        if (noJson.test(name)) return false
        const ok = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2'))
        return !ok || Object.values(ok[1].content ?? {}).every((c) => !c.schema)
      })
      .map(([name]) => name)
    expect(missing).toEqual([])
  })
})
