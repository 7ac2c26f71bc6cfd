import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { libreTranslate, translateEndpoint } from '#server/modules/translate/libre-translate'
import { createTestApp, sessionToken, type TestApp } from './helpers/test-app.ts'

// The small screens' server parts one by one: the translation address and answers, the
// translate call's short cuts, and column choices that are cleared or half given.

describe('the translation service', () => {
  let stub: http.Server
  let url = ''
  const seen: http.IncomingHttpHeaders[] = []
  let answer: { status: number; body: string } = { status: 200, body: '' }
  beforeAll(async () => {
    stub = http.createServer((req, res) => {
      seen.push(req.headers)
      req.resume()
      req.on('end', () => res.writeHead(answer.status).end(answer.body))
    })
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())))

  it('its address: the base with /translate added once', () => {
    expect(translateEndpoint('http://h:5000')).toBe('http://h:5000/translate')
    expect(translateEndpoint('http://h:5000/lt/')).toBe('http://h:5000/lt/translate')
    expect(translateEndpoint('http://h:5000/translate')).toBe('http://h:5000/translate')
    expect(translateEndpoint('http://h:5000/translate/')).toBe('http://h:5000/translate/')
    expect(translateEndpoint('http://h:5000/translated')).toBe('http://h:5000/translated/translate')
  })

  it('asks for JSON; a failed answer or one without a text is no translation', async () => {
    const settings = { url, apiKey: '' }
    answer = { status: 200, body: JSON.stringify({ translatedText: 'Forging' }) }
    expect(await libreTranslate(settings, '锻件', 'zh', 'en')).toBe('Forging')
    expect(seen.at(-1)).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
    })
    answer = { status: 503, body: JSON.stringify({ translatedText: 'Forging' }) }
    expect(await libreTranslate(settings, '锻件', 'zh', 'en')).toBeUndefined()
    answer = { status: 200, body: JSON.stringify({ translatedText: 42 }) }
    expect(await libreTranslate(settings, '锻件', 'zh', 'en')).toBeUndefined()
  })

  it('a text of spaces, or one already in the target language, comes back as it is, unasked', async () => {
    const t = await createTestApp({ SEED_DEMO: 'false', TRANSLATE_URL: url })
    try {
      const token = await sessionToken(t, 'editor')
      const call = async (payload: Record<string, unknown>) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/CommonData/TranslateGeneral',
            payload,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()
      const before = seen.length
      expect(await call({ text: '   ' })).toEqual({ code: 200, msg: 'ok', data: { text: '   ' } })
      expect(await call({ text: '锻件', source: 'en', target: 'en' })).toEqual({
        code: 200,
        msg: 'ok',
        data: { text: '锻件' },
      })
      expect(seen.length).toBe(before)
      answer = { status: 200, body: JSON.stringify({ translatedText: 'Forging' }) }
      expect(await call({ text: '锻件' })).toEqual({
        code: 200,
        msg: 'ok',
        data: { text: 'Forging' },
      })
      expect((await t.app.inject({ url: '/api/CommonData/TranslateStatus' })).statusCode).toBe(401)
      expect(
        (
          await t.app.inject({
            url: '/api/CommonData/TranslateStatus',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json(),
      ).toEqual({ code: 200, msg: 'ok', data: { enabled: true } })
    } finally {
      await t.close()
    }
  })
})

describe('column choices', () => {
  let t: TestApp
  let token = ''
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'false' })
    token = await sessionToken(t, 'staff')
  })
  afterAll(() => t.close())

  const save = async (order: string[], hidden: string[]) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/User/SaveColumnPrefs',
        payload: { grid: 'Order', order, hidden },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  const read = async () =>
    (
      await t.app.inject({
        url: '/api/User/GetColumnPrefs?grid=Order',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()

  it('only an order, or only hidden columns, is kept; neither clears them', async () => {
    expect(await save(['Quantity', 'OrderNo'], [])).toEqual({
      code: 200,
      msg: 'ok',
      data: { order: ['Quantity', 'OrderNo'], hidden: [] },
    })
    expect(await read()).toEqual({
      code: 200,
      msg: 'ok',
      data: { order: ['Quantity', 'OrderNo'], hidden: [] },
    })
    expect(await save([], ['Remark'])).toMatchObject({ data: { order: [], hidden: ['Remark'] } })
    expect(await read()).toMatchObject({ data: { order: [], hidden: ['Remark'] } })
    expect(await save([], [])).toEqual({ code: 200, msg: 'ok', data: null })
    expect(await read()).toEqual({ code: 200, msg: 'ok', data: null })
    expect(await t.db.db.selectFrom('column_prefs').select('grid').execute()).toEqual([])
  })

  it('a stored row that no longer passes the check reads as no choices', async () => {
    await save(['Quantity'], [])
    await t.db.db.updateTable('column_prefs').set({ prefs: '{not json' }).execute()
    expect(await read()).toEqual({ code: 200, msg: 'ok', data: null })
  })
})
