import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

/**
 * The answers of a server fault are in the published contract: every call with a documented
 * answer also documents 503 (the database cannot be reached) and 507 (the storage is full)
 * with their body (`cause`), and `/readyz` its 503; `/healthz` (liveness) only 200.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
})
afterAll(() => t.close())

type Schema = {
  properties?: Record<string, { enum?: unknown[]; anyOf?: unknown[] }>
  anyOf?: Schema[]
}
/** The alternative of an answer's schema that carries `cause` (a fault beside a plain refusal). */
const withCause = (s: Schema | undefined) =>
  [s, ...(s?.anyOf ?? [])].find((x) => x?.properties?.cause !== undefined)
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >
}

describe('fault answers in the API document', () => {
  it('lists 503 and 507 with their cause on the calls, 503 on /readyz, none on /healthz', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as Doc
    const body = (path: string, method: string, status: string) =>
      doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema
    for (const status of ['503', '507']) {
      const schema = withCause(body('/api/PostData/PostCommon', 'post', status))
      expect(schema?.properties?.cause?.enum, status).toEqual(['database', 'storage', 'draining'])
    }
    expect(withCause(body('/api/Order/GetList', 'post', '503'))?.properties?.cause).toBeDefined()
    expect(withCause(body('/api/Order/Export', 'post', '507'))?.properties?.cause).toBeDefined()
    expect(body('/readyz', 'get', '503')?.properties?.cause).toBeDefined()
    expect(Object.keys(doc.paths['/healthz']!.get!.responses).sort()).toEqual(['200', '404'])
  })
})
