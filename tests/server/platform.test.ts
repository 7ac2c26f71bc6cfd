import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/test-app.ts'

let t: TestApp

let clientDir: string

beforeAll(async () => {
  // a stand-in build of the client
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-client-'))
  fs.mkdirSync(path.join(clientDir, 'assets'))
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><head><title>shell</title></head><body><div id="root"></div></body>',
  )
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc.js'), 'console.log(1)')
  fs.writeFileSync(
    path.join(clientDir, 'assets', 'app-abc.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  )
  t = await createTestApp({ CLIENT_DIR: clientDir })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

describe('platform', () => {
  it('answers /healthz with the database kind', async () => {
    const res = await t.app.inject('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ok', database: t.db.dialect } })
  })

  it('sends security headers', async () => {
    const res = await t.app.inject('/healthz')
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  it('sends the same security headers on refusals, unknown paths and the shell', async () => {
    const answers = [
      await t.app.inject('/healthz'),
      await t.app.inject('/api/No/Such'),
      await t.app.inject({ method: 'POST', url: '/api/Order/GetList', payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/api/User/Login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      }),
      await t.app.inject('/some/page'),
      await t.app.inject('/order/order'),
    ]
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401, 400, 404, 200])
    for (const res of answers) {
      expect(res.headers['content-security-policy'], `${res.statusCode}`).toContain(
        "frame-ancestors 'none'",
      )
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('answers unknown API paths with a JSON 404 envelope, never the shell', async () => {
    for (const url of [
      '/api/No/Such',
      '/api/',
      '/ws',
      '/uploads/none.png',
      '/assets/missing.js',
      '/favicon-missing.svg',
    ]) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['content-type'], url).toContain('application/json')
      expect(res.json(), url).toMatchObject({ code: 404, data: null })
    }
  })

  it('serves the shell for client routes and files from the build', async () => {
    for (const url of ['/admin/index', '/order/order?id=1']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<title>shell</title>')
    }
    // public pages come rendered (tests/server/seo-pages.test.ts)
    for (const url of ['/', '/index', '/products?sort=2']) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toContain('<div id="root"><div class="site">')
    }
    const asset = await t.app.inject('/assets/app-abc.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    const compressed = await t.app.inject({
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)')
  })

  it('pre-renders the LCP image of the home page into the shell', async () => {
    const slide = await t.db.db
      .selectFrom('carousel')
      .select(['image', 'image_sm'])
      .orderBy('sort')
      .executeTakeFirstOrThrow()
    const home = await t.app.inject('/index')
    expect(home.body).toContain(`<link rel="preload" as="image" href="${slide.image_sm}"`)
    expect(home.body).toContain(
      `<div class="slide-carousel"><picture><source media="(max-width: 700px)" srcset="${slide.image_sm}">`,
    )
    const about = await t.app.inject('/aboutus')
    expect(about.body).not.toContain(`href="${slide.image_sm}"`)
  })

  it('pre-renders the first product pictures of the chosen category into the product centre shell', async () => {
    const all = (await t.app.inject('/api/CommonData/GetProductList?pageIndex=1&pageSize=4')).json()
      .data.result
    const page = await t.app.inject('/products')
    expect(page.body).toContain(`<link rel="preload" as="image" href="${all[0].Image}"`)
    expect(
      page.body.match(/<img src="[^"]+" alt="" width="320" height="320" fetchpriority="high"/g),
    ).toHaveLength(all.length)

    // another category that has published products: its own first product, not the catalogue's
    const other = await t.db.db
      .selectFrom('product')
      .select('category_id')
      .where('published', '=', 1)
      .where('category_id', '!=', all[0].CategoryId)
      .orderBy('category_id')
      .executeTakeFirstOrThrow()
    const inCategory = (
      await t.app.inject(
        `/api/CommonData/GetProductList?pageIndex=1&pageSize=4&sort=${other.category_id}`,
      )
    ).json().data.result
    expect(inCategory.length).toBeGreaterThan(0)
    expect(inCategory[0].CategoryId).toBe(other.category_id)
    expect(inCategory[0].Image).not.toBe(all[0].Image)
    const filtered = await t.app.inject(`/products?sort=${other.category_id}`)
    expect(filtered.body).toContain(`<link rel="preload" as="image" href="${inCategory[0].Image}"`)
    expect(filtered.body).not.toContain(`href="${all[0].Image}"`)

    // a malformed category reads as the whole catalogue, an unknown one is not found; never an error
    expect((await t.app.inject('/products?sort=abc')).statusCode).toBe(200)
    expect((await t.app.inject('/products?sort=999999999')).statusCode).toBe(404)
  })

  it('matches API paths case-insensitively', async () => {
    const a = await t.app.inject('/api/CommonData/GetList')
    const b = await t.app.inject('/api/commonData/getlist')
    expect(a.statusCode).toBe(200)
    expect(b.json()).toEqual(a.json())
  })

  it('publishes the contract as OpenAPI 3 generated from the schemas', async () => {
    const res = await t.app.inject('/api/openapi.json')
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      openapi: string
      paths: Record<string, Record<string, { requestBody?: unknown }>>
    }
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/User/Login',
        '/api/CommonData/GetList',
        '/api/PostData/PostFrontCommon',
        '/healthz',
      ]),
    )
    expect(JSON.stringify(doc.paths['/api/User/Login'])).toContain('username')
  })

  it('never leaks internals in errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/User/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    })
    expect(res.statusCode).toBe(400)
    const body = res.json() as { code: number; msg: string }
    expect(body.code).toBe(400)
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack|SQL|SyntaxError/i)
  })

  it('speaks the language the request asks for', async () => {
    const zh = await t.app.inject('/api/nothing')
    const en = await t.app.inject({
      url: '/api/nothing',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    })
    expect((zh.json() as { msg: string }).msg).toBe('接口不存在')
    expect((en.json() as { msg: string }).msg).toBe('No such API')
  })
})
