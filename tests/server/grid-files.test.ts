import fs from 'node:fs'
import path from 'node:path'
import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, postCommon } from './helpers/system-calls.ts'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
const tokens = { admin: '', staff: '', editor: '' }
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', UPLOAD_MAX_BYTES: String(1024 * 1024) })
  for (const u of ['admin', 'staff', 'editor'] as const) tokens[u] = await signIn(t.app, u)
})
afterAll(() => t.close())

type FileAnswer = {
  code: number
  msg: string
  data: null | { name: string; url: string; thumb: string; type: string; image: boolean }
}

function form(filename: string, data: Buffer, type: string) {
  const boundary = `----forgeline-files-${Date.now()}`
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function uploadFile(
  filename: string,
  data: Buffer,
  {
    lang = 'en',
    type = 'application/pdf',
    url = 'UploadFile',
    who = 'staff' as keyof typeof tokens,
  } = {},
) {
  const body = form(filename, data, type)
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${tokens[who]}`, lang },
  })
  return { status: res.statusCode, body: res.json() as FileAnswer }
}

/** Files under DATA_DIR/uploads: a refused upload adds none. */
const stored = () => {
  const root = path.join(t.dataDir, 'uploads')
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((f) => fs.statSync(path.join(root, f)).isFile())
        .sort()
    : []
}

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
)
const exe = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00', 'latin1'),
  Buffer.alloc(3000, 1),
])
const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>')
async function xlsx() {
  const wb = new ExcelJS.Workbook()
  wb.addWorksheet('Sheet1').addRow(['a', 1])
  return Buffer.from(await wb.xlsx.writeBuffer())
}
/** A ZIP that is not a workbook (e.g. a renamed archive). */
const zip = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.from('\x14\x00\x00\x00\x00\x00readme.txt hello', 'latin1'),
  Buffer.alloc(100, 0),
])
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer()

describe('UploadFile: one file, checked by its content', () => {
  it('keeps a PDF and an .xlsx under generated names, served as downloads', async () => {
    const a = await uploadFile('drawing A-12.pdf', pdf)
    expect(a.status).toBe(200)
    expect(a.body.data).toMatchObject({
      name: 'drawing A-12.pdf',
      type: 'application/pdf',
      image: false,
    })
    expect(a.body.data!.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{24}\.pdf$/)
    const served = await t.app.inject({ method: 'GET', url: a.body.data!.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-disposition']).toBe('attachment')
    expect(served.rawPayload.equals(pdf)).toBe(true)

    const b = await uploadFile('prices.xlsx', await xlsx(), { type: 'application/octet-stream' })
    expect(b.status).toBe(200)
    expect(b.body.data!.url).toMatch(/\.xlsx$/)

    // an .xls written by LibreOffice (tests/fixtures/spreadsheets)
    const xls = fs.readFileSync(
      path.join(import.meta.dirname, '../fixtures/spreadsheets/orders-libreoffice.xls'),
    )
    const e = await uploadFile('orders.xls', xls, { type: 'application/vnd.ms-excel' })
    expect(e.status).toBe(200)
    expect(e.body.data).toMatchObject({ type: 'application/vnd.ms-excel', image: false })
    expect(e.body.data!.url).toMatch(/\.xls$/)

    const c = await uploadFile('photo.jpeg', await jpeg(), { type: 'image/jpeg' })
    expect(c.status).toBe(200)
    expect(c.body.data).toMatchObject({ image: true, type: 'image/jpeg' })
    expect(c.body.data!.url).toMatch(/\.jpg$/)
  })

  it('refuses a file disguised by its name, with the accepted types in the user language; nothing is stored', async () => {
    const before = stored()
    // an OLE2 file that is no workbook (e.g. an old Word document renamed)
    const ole2 = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.from('W\0o\0r\0d\0D\0o\0c\0', 'latin1'),
      Buffer.alloc(600, 0),
    ])
    for (const [name, data] of [
      ['drawing.pdf', exe],
      ['report.pdf', html],
      ['sheet.xlsx', zip],
      ['photo.jpg', exe],
      ['cut.pdf', pdf.subarray(0, 30)],
      ['old.xls', ole2],
    ] as const) {
      const en = await uploadFile(name, data)
      expect(en.status, name).toBe(400)
      expect(en.body.msg, name).toBe(
        'Only these file types can be uploaded: jpg, jpeg, png, gif, webp, pdf, xlsx, xls (checked by content, whatever the file name says)',
      )
      const zh = await uploadFile(name, data, { lang: 'zh' })
      expect(zh.status, name).toBe(400)
      expect(zh.body.msg, name).toBe(
        '只能上传这些类型的文件：jpg, jpeg, png, gif, webp, pdf, xlsx, xls（按文件内容识别，与文件名无关）',
      )
    }
    expect(stored()).toEqual(before)
  })

  it('takes one file per request', async () => {
    const boundary = '----two'
    const part = (n: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${n}"\r\nContent-Type: application/pdf\r\n\r\n${pdf.toString('latin1')}\r\n`
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UploadFile',
      payload: Buffer.from(`${part('a.pdf')}${part('b.pdf')}--${boundary}--\r\n`, 'latin1'),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${tokens.staff}`,
        lang: 'en',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toBe('Upload one file at a time')
  })
})

describe('the upload types setting', () => {
  it('is read by every signed-in user, changed by an admin only, and decides what both uploads accept', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/Upload/Settings',
      headers: { authorization: `Bearer ${tokens.staff}` },
    })
    expect(read.json().data.types).toEqual([
      'jpg',
      'jpeg',
      'png',
      'gif',
      'webp',
      'pdf',
      'xlsx',
      'xls',
    ])

    expect((await post(t, tokens.staff, 'Upload/Settings', { types: ['png'] })).status).toBe(403)
    const bad = await post(t, tokens.admin, 'Upload/Settings', { types: ['exe'] }, 'en')
    expect(bad.status).toBe(400)
    expect(bad.msg).toBe(
      'File types can only be chosen from: jpg, jpeg, png, gif, webp, pdf, xlsx, xls',
    )
    expect((await post(t, tokens.admin, 'Upload/Settings', { types: [] }, 'zh')).msg).toBe(
      '文件类型只能从以下选择：jpg, jpeg, png, gif, webp, pdf, xlsx, xls',
    )

    const saved = await post<{ types: string[] }>(
      t,
      tokens.admin,
      'Upload/Settings',
      { types: ['PNG', 'pdf'] },
      'en',
    )
    expect(saved.status).toBe(200)
    expect(saved.data.types).toEqual(['png', 'pdf'])
    try {
      const photo = await uploadFile('photo.jpg', await jpeg(), { type: 'image/jpeg' })
      expect(photo.status).toBe(400)
      expect(photo.body.msg).toBe(
        'Only these file types can be uploaded: png, pdf (checked by content, whatever the file name says)',
      )
      const image = await uploadFile('photo.jpg', await jpeg(), {
        type: 'image/jpeg',
        url: 'Upload',
        who: 'editor',
      })
      expect(image.status).toBe(400)
      expect((await uploadFile('sheet.xlsx', await xlsx())).status).toBe(400)
      expect((await uploadFile('a.pdf', pdf)).status).toBe(200)
    } finally {
      await post(t, tokens.admin, 'Upload/Settings', {
        types: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'xlsx', 'xls'],
      })
    }
  })
})

type Row = Record<string, unknown> & { Id: number }
const list = async (kind: string) =>
  (await post<{ result: Row[] }>(t, tokens.staff, `${kind}/GetList`, { pageSize: 100 }, 'en')).data
    .result

describe('file cells of grid records', () => {
  let orderId = 0
  let photos: { name: string; url: string; thumb: string }[] = []
  beforeAll(async () => {
    await postCommon(t, tokens.staff, 'SaveOrder', {
      insertRecords: [{ OrderNo: 'FILES-1', Customer: 'Acme', Quantity: 1, PartName: 'p' }],
    })
    orderId = (await list('Order')).find((r) => r.OrderNo === 'FILES-1')!.Id
    photos = []
    for (let i = 0; i < 4; i++) {
      const r = (await uploadFile(`note-${i}.jpg`, await jpeg(), { type: 'image/jpeg' })).body.data!
      photos.push({ name: r.name, url: r.url, thumb: r.thumb })
    }
  })

  it('an order keeps its drawing (a PDF); the list gives it back; more than the limit is refused in zh and en', async () => {
    const drawing = (await uploadFile('A-12.pdf', pdf)).body.data!
    const ok = await postCommon(t, tokens.staff, 'SaveOrder', {
      updateRecords: [{ Id: orderId, Drawing: [{ name: drawing.name, url: drawing.url }] }],
    })
    expect(ok.status).toBe(200)
    expect((await list('Order')).find((r) => r.Id === orderId)!.Drawing).toEqual([
      { name: 'A-12.pdf', url: drawing.url },
    ])

    const two = [
      { name: 'a.pdf', url: drawing.url },
      { name: 'b.pdf', url: drawing.url },
    ]
    const zh = await postCommon(
      t,
      tokens.staff,
      'SaveOrder',
      { updateRecords: [{ Id: orderId, Drawing: two }] },
      'zh',
    )
    expect(zh.status).toBe(400)
    expect(zh.errors?.['postData.updateRecords.0.Drawing']).toBe(
      '当前限制为 1 个文件，本次提交 2 个文件',
    )
    const en = await postCommon(
      t,
      tokens.staff,
      'SaveOrder',
      { updateRecords: [{ Id: orderId, Drawing: two }] },
      'en',
    )
    expect(en.errors?.['postData.updateRecords.0.Drawing']).toBe(
      'The current limit is 1 files; this record has 2 files',
    )
    expect((await list('Order')).find((r) => r.Id === orderId)!.Drawing).toEqual([
      { name: 'A-12.pdf', url: drawing.url },
    ])
  })

  it('a purchase takes up to 3 photos; a fourth is refused; a removed photo disappears from the record', async () => {
    const four = await postCommon(
      t,
      tokens.staff,
      'SavePurchase',
      {
        insertRecords: [
          { OrderId: orderId, Supplier: 'Steel Co', Material: 'C45', Photos: photos },
        ],
      },
      'en',
    )
    expect(four.status).toBe(400)
    expect(four.errors?.['postData.insertRecords.0.Photos']).toBe(
      'The current limit is 3 files; this record has 4 files',
    )
    expect((await list('Purchase')).length).toBe(0)

    const three = photos.slice(0, 3)
    expect(
      (
        await postCommon(t, tokens.staff, 'SavePurchase', {
          insertRecords: [
            { OrderId: orderId, Supplier: 'Steel Co', Material: 'C45', Photos: three },
          ],
        })
      ).status,
    ).toBe(200)
    const [p] = await list('Purchase')
    expect(p!.Photos).toEqual(three)

    expect(
      (
        await postCommon(t, tokens.staff, 'SavePurchase', {
          updateRecords: [{ Id: p!.Id, Photos: [three[0], three[2]] }],
        })
      ).status,
    ).toBe(200)
    expect((await list('Purchase'))[0]!.Photos).toEqual([three[0], three[2]])
    // a save without the field keeps them
    await postCommon(t, tokens.staff, 'SavePurchase', {
      updateRecords: [{ Id: p!.Id, Supplier: 'Steel Co 2' }],
    })
    expect((await list('Purchase'))[0]!.Photos).toEqual([three[0], three[2]])
    await postCommon(t, tokens.staff, 'SavePurchase', {
      updateRecords: [{ Id: p!.Id, Photos: [] }],
    })
    expect((await list('Purchase'))[0]!.Photos).toEqual([])
  })

  it('refuses a file address the upload store did not make (another site, a script, a path outside /uploads)', async () => {
    for (const url of [
      'https://evil.example/a.pdf',
      'javascript:alert(1)',
      '/uploads/../app.js',
      '/api/Order/GetList',
    ]) {
      const r = await postCommon(
        t,
        tokens.staff,
        'SaveQuality',
        { insertRecords: [{ OrderId: orderId, Item: 'Bore', Photos: [{ name: 'x', url }] }] },
        'en',
      )
      expect(r.status, url).toBe(400)
      expect(r.errors?.['postData.insertRecords.0.Photos.0.url'], url).toBe(
        'The file address is not valid; upload the file again',
      )
    }
  })

  it('export writes a file cell as names and addresses; importing that file leaves the files as they are', async () => {
    const [p] = await list('Purchase')
    await postCommon(t, tokens.staff, 'SavePurchase', {
      updateRecords: [{ Id: p!.Id, Photos: [photos[0]] }],
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Purchase/Export',
      payload: {},
      headers: { authorization: `Bearer ${tokens.staff}`, lang: 'en' },
    })
    expect(res.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const header = (ws.getRow(1).values as unknown[]).map(String)
    const col = header.indexOf('Delivery note photos')
    expect(col).toBeGreaterThan(0)
    expect(String(ws.getRow(2).getCell(col).value)).toBe(`${photos[0]!.name} ${photos[0]!.url}`)

    // the exported sheet with another material and the photo cell emptied: the photos stay
    ws.getRow(2).getCell(header.indexOf('Material')).value = 'C50'
    ws.getRow(2).getCell(col).value = null
    const body = form(
      'purchase.xlsx',
      Buffer.from(await wb.xlsx.writeBuffer()),
      'application/octet-stream',
    )
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/Purchase/Upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens.staff}`, lang: 'en' },
    })
    expect(imported.json().code).toBe(200)
    expect(imported.json().data.ignoredColumns).toEqual([])
    const after = (await list('Purchase'))[0]!
    expect(after.Material).toBe('C50')
    expect(after.Photos).toEqual([photos[0]])
  })
})
