import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, testPasswords, type TestApp } from './helpers/test-app.ts'

/* A write stored but whose answer was lost is retried with the same Idempotency-Key: applied once. */

let t: TestApp
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  for (const who of ['admin', 'editor', 'staff']) tokens[who] = await signIn(t.app, who)
})
afterAll(() => t.close())

const keyed = (who: string, key: string) => ({
  authorization: `Bearer ${tokens[who]}`,
  'idempotency-key': key,
  lang: 'en',
})
const json = (who: string, url: string, payload: Record<string, unknown>, key: string) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, payload, headers: keyed(who, key) })

function form(filename: string, data: Buffer, type: string) {
  const boundary = `----forgeline-idem-${Math.random().toString(36).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
const send = (
  who: string,
  url: string,
  file: { name: string; data: Buffer; type: string },
  key: string,
) => {
  const body = form(file.name, file.data, file.type)
  return t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...keyed(who, key) },
  })
}
/** Stored upload files: under DATA_DIR/uploads on SQLite, rows of upload_file on PostgreSQL. */
const storedFiles = async () => {
  if (t.db.dialect === 'postgres') {
    const r = await t.db.db
      .selectFrom('upload_file')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(r.n)
  }
  const root = path.join(t.dataDir, 'uploads')
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(root, f)).isFile(),
      ).length
    : 0
}
const png = (colour: string) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer()
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
)

describe('uploads with an Idempotency-Key', () => {
  const cases = [
    { url: 'Upload', who: 'editor', image: true },
    { url: 'User/UploadAvatar', who: 'staff', image: true },
    { url: 'UploadFile', who: 'editor', image: false },
  ]
  for (const c of cases) {
    it(`${c.url}: a retry answers the first stored file and stores no second one; another file with the key is 409`, async () => {
      const key = `upload-${c.url.replace('/', '-')}-0001`
      const file = c.image
        ? { name: 'a.png', data: await png('#336699'), type: 'image/png' }
        : { name: 'a.pdf', data: pdf, type: 'application/pdf' }
      const before = await storedFiles()
      const first = await send(c.who, c.url, file, key)
      expect(first.statusCode).toBe(200)
      expect(first.headers['idempotent-replayed']).toBeUndefined()
      const afterFirst = await storedFiles()
      expect(afterFirst).toBeGreaterThan(before)
      const again = await send(c.who, c.url, file, key)
      expect(again.statusCode).toBe(200)
      expect(again.headers['idempotent-replayed']).toBe('true')
      expect(again.json()).toEqual(first.json())
      expect(await storedFiles()).toBe(afterFirst)
      const other = c.image
        ? { ...file, data: await png('#996633') }
        : { ...file, data: Buffer.concat([pdf, Buffer.from('% another\n')]) }
      const reused = await send(c.who, c.url, other, key)
      expect(reused.statusCode).toBe(409)
      expect(await storedFiles()).toBe(afterFirst)
      // without a key every upload is its own write, as before
      const plain = form(file.name, file.data, file.type)
      const unkeyed = await t.app.inject({
        method: 'POST',
        url: `/api/${c.url}`,
        payload: plain.payload,
        headers: { ...plain.headers, authorization: `Bearer ${tokens[c.who]}` },
      })
      expect(unkeyed.statusCode).toBe(200)
      expect((unkeyed.json() as { data: { url: string } }).data.url).not.toBe(
        (first.json() as { data: { url: string } }).data.url,
      )
    })
  }

  it('two requests with one key at once store one file: the other answers the first result or 409', async () => {
    const key = 'upload-at-once-0001'
    const file = { name: 'b.png', data: await png('#654321'), type: 'image/png' }
    const before = await storedFiles()
    const answers = await Promise.all([
      send('editor', 'Upload', file, key),
      send('editor', 'Upload', file, key),
    ])
    const applied = answers.filter(
      (a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined,
    )
    expect(applied).toHaveLength(1)
    const other = answers.find((a) => a !== applied[0])!
    expect([200, 409]).toContain(other.statusCode)
    const single = await send('editor', 'Upload', file, key)
    expect(single.json()).toEqual(applied[0]!.json())
    // one stored picture with its variants: the same count as a single upload adds
    const once = await storedFiles()
    await send('editor', 'Upload', file, 'upload-at-once-compare')
    expect((await storedFiles()) - once).toBe(once - before)
  })

  it('a refused upload releases its key: the same key then stores the right file once', async () => {
    const key = 'upload-refused-then-right-01'
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2000, 1)])
    const refused = await send(
      'editor',
      'Upload',
      { name: 'x.png', data: exe, type: 'image/png' },
      key,
    )
    expect(refused.statusCode).toBe(400)
    // a refusal stored nothing, so the key is free for the corrected file (another body)
    const right = await send(
      'editor',
      'Upload',
      { name: 'x.png', data: await png('#123456'), type: 'image/png' },
      key,
    )
    expect(right.statusCode).toBe(200)
    expect(right.headers['idempotent-replayed']).toBeUndefined()
  })
})

describe('settings and password with an Idempotency-Key', () => {
  it('Upload/Settings: a retry answers the first save; another body with the key is 409 and changes nothing', async () => {
    const key = 'upload-settings-0001'
    const first = await json('admin', 'Upload/Settings', { types: ['png', 'pdf'] }, key)
    expect(first.statusCode).toBe(200)
    const again = await json('admin', 'Upload/Settings', { types: ['png', 'pdf'] }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    const reused = await json('admin', 'Upload/Settings', { types: ['jpg'] }, key)
    expect(reused.statusCode).toBe(409)
    const now = await t.app.inject({
      url: '/api/Upload/Settings',
      headers: { authorization: `Bearer ${tokens.admin}` },
    })
    expect((now.json() as { data: { types: string[] } }).data.types).toEqual(['png', 'pdf'])
  })

  it('User/ModifyMyPass: a retry after a lost answer answers the first success, not "old password wrong"', async () => {
    const key = 'modify-pass-0001'
    const body = { oldPass: testPasswords.staff, newPass: 'idem-new-pass-1' }
    const first = await json('staff', 'User/ModifyMyPass', body, key)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ code: 10000 })
    const again = await json('staff', 'User/ModifyMyPass', body, key)
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
    // without the key the same body is a second attempt, and the old password is now wrong
    const unkeyed = await t.app.inject({
      method: 'POST',
      url: '/api/User/ModifyMyPass',
      payload: body,
      headers: { authorization: `Bearer ${tokens.staff}`, lang: 'en' },
    })
    expect(unkeyed.json()).toMatchObject({ msg: 'The current password is incorrect' })
    const reused = await json(
      'staff',
      'User/ModifyMyPass',
      { oldPass: 'idem-new-pass-1', newPass: 'idem-new-pass-2' },
      key,
    )
    expect(reused.statusCode).toBe(409)
    expect(await signIn(t.app, 'staff', 'idem-new-pass-1')).toBeTruthy()
  })
})
