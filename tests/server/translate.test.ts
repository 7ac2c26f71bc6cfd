import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

type Seen = { q: string; source: string; target: string; format: string; api_key?: string }
const seen: Seen[] = []
let stub: http.Server
let stubUrl = ''
let failNext = false

beforeAll(async () => {
  // a LibreTranslate-compatible stand-in on a free loopback port
  stub = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/translate' || failNext) {
        failNext = false
        res.writeHead(500).end('{"error":"boom"}')
        return
      }
      const input = JSON.parse(body) as Seen
      seen.push(input)
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ translatedText: `EN(${input.q})` }))
    })
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())))

type Answer = { code: number; msg: string; data: { text?: string; enabled?: boolean } | null }
const call = async (
  t: TestApp,
  token: string,
  url: string,
  payload: Record<string, unknown>,
  lang = 'zh',
) =>
  (
    await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, lang },
    })
  ).json() as Answer

describe('translation not configured', () => {
  let t: TestApp
  let editor = ''
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
    editor = await signIn(t.app, 'editor')
  })
  afterAll(() => t.close())

  it('says so in both languages and reports the action as hidden', async () => {
    expect(
      await call(t, editor, '/api/CommonData/TranslateGeneral', { text: '锻件' }),
    ).toMatchObject({ code: 500, msg: '未配置翻译服务' })
    expect(
      (await call(t, editor, '/api/CommonData/TranslateGeneral', { text: '锻件' }, 'en')).msg,
    ).toBe('Translation is not configured')
    expect((await call(t, editor, '/api/CommonData/TranslateStatus', {})).data).toEqual({
      enabled: false,
    })
  })
})

describe('translation through a LibreTranslate-compatible server', () => {
  let t: TestApp
  const tokens: Record<string, string> = {}
  beforeAll(async () => {
    t = await createTestApp({
      SEED_DEMO: 'false',
      TRANSLATE_URL: stubUrl,
      TRANSLATE_API_KEY: 'k-123',
    })
    for (const u of ['editor', 'staff'] as const) tokens[u] = await signIn(t.app, u)
  })
  afterAll(() => t.close())

  it('translates zh -> en and reports the action as shown', async () => {
    const r = await call(t, tokens.editor!, '/api/CommonData/TranslateGeneral', {
      text: '精密锻造曲轴',
    })
    expect(r).toMatchObject({ code: 200, data: { text: 'EN(精密锻造曲轴)' } })
    expect(seen.at(-1)).toEqual({
      q: '精密锻造曲轴',
      source: 'zh',
      target: 'en',
      format: 'text',
      api_key: 'k-123',
    })
    expect((await call(t, tokens.staff!, '/api/CommonData/TranslateStatus', {})).data).toEqual({
      enabled: true,
    })
  })

  it('answers a clear message when the server fails, and 403 to staff without CONTENT', async () => {
    failNext = true
    expect(
      (await call(t, tokens.editor!, '/api/CommonData/TranslateGeneral', { text: '锻件' }, 'en'))
        .msg,
    ).toBe('The translation service is unavailable, please try again later')
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/CommonData/TranslateGeneral',
      payload: { text: 'x' },
      headers: { authorization: `Bearer ${tokens.staff}` },
    })
    expect(staff.statusCode).toBe(403)
  })
})
