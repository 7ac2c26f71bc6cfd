import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn, type TestApp } from './helpers/test-app.ts'

let t: TestApp
let token = ''
/** Everything under DATA_DIR/uploads (files and folders) before any upload. */
let initialTree: string[] = []
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(1024 * 1024), SEED_DEMO: 'false' })
  token = await signIn(t.app, 'editor')
  initialTree = uploadsTree()
})
afterAll(() => t.close())

type Part = { field?: string; filename: string; type: string; data: Buffer }
function multipart(parts: Part[]) {
  const boundary = `----forgeline${Date.now()}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'file'}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

type Answer = {
  code: number
  msg: string
  data: null | {
    name: string
    url: string
    thumb: string
    type: string
    width: number
    height: number
    variants: { width: number; url: string }[]
  }
}
async function upload(parts: Part[], lang = 'zh', auth = token) {
  const body = multipart(parts)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Upload',
    payload: body.payload,
    headers: { ...body.headers, ...(auth ? { authorization: `Bearer ${auth}` } : {}), lang },
  })
  return { status: res.statusCode, body: res.json() as Answer }
}

/** Files under DATA_DIR/uploads except the demo images. */
function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'uploads')
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => !f.startsWith('demo') && fs.statSync(path.join(root, f)).isFile(),
  )
}

/** Every path under DATA_DIR/uploads with its size: a refused upload must leave it exactly as it was. */
function uploadsTree(): string[] {
  const root = path.join(t.dataDir, 'uploads')
  if (!fs.existsSync(root)) return []
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .sort()
    .map((f) => `${f}:${fs.statSync(path.join(root, f)).size}`)
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** A PNG whose header claims width x height, followed by junk: never decoded. */
function pngHeader(width: number, height: number) {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([8, 6, 0, 0, 0], 16)
  return Buffer.concat([pngSignature, ihdr, Buffer.alloc(200, 7)])
}

describe('upload rejections (nothing stored)', () => {
  it('refuses a renamed executable, an SVG with a script and an HTML page, whatever their names say', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(4000, 1),
    ])
    const elf = Buffer.concat([
      Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'),
      Buffer.alloc(4000, 1),
    ])
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>')
    for (const [filename, data] of [
      ['photo.png', exe],
      ['tool.png', elf],
      ['logo.png', svg],
      ['page.jpg', html],
      ['x.svg', svg],
    ] as const) {
      const zh = await upload([{ filename, type: 'image/png', data }])
      expect(zh.status, filename).toBe(400)
      expect(zh.body.msg).toBe(
        '只能上传 JPG、PNG、GIF 或 WebP 图片（按文件内容识别，SVG、HTML 和其他文件不可上传）',
      )
    }
    const en = await upload([{ filename: 'photo.png', type: 'image/png', data: exe }], 'en')
    expect(en.body.msg).toBe(
      'Only JPG, PNG, GIF or WebP images can be uploaded (checked by content; SVG, HTML and other files are refused)',
    )
    expect(storedFiles()).toEqual([])
    expect(uploadsTree()).toEqual(initialTree)
  })

  it('refuses a file over UPLOAD_MAX_BYTES while streaming', async () => {
    const big = Buffer.concat([pngHeader(100, 100), Buffer.alloc(1024 * 1024, 1)])
    const zh = await upload([{ filename: 'big.png', type: 'image/png', data: big }])
    expect(zh.status).toBe(413)
    expect(zh.body.msg).toBe('文件过大，最大 1 MB')
    const en = await upload([{ filename: 'big.png', type: 'image/png', data: big }], 'en')
    expect(en.body.msg).toBe('The file is too large; the limit is 1 MB')
    expect(storedFiles()).toEqual([])
    expect(uploadsTree()).toEqual(initialTree)
  })

  it('refuses a 20000x20000 PNG from its header, without decoding it', async () => {
    const zh = await upload([
      { filename: 'huge.png', type: 'image/png', data: pngHeader(20000, 20000) },
    ])
    expect(zh.status).toBe(400)
    expect(zh.body.msg).toBe('图片尺寸过大（20000×20000），最多 4000 万像素')
    const en = await upload(
      [{ filename: 'huge.png', type: 'image/png', data: pngHeader(20000, 20000) }],
      'en',
    )
    expect(en.body.msg).toBe('The image is too large (20000×20000); at most 40 megapixels')
    expect(storedFiles()).toEqual([])
    expect(uploadsTree()).toEqual(initialTree)
  })

  it('refuses a damaged image, two files at once, no file, and a JSON body', async () => {
    const broken = await upload(
      [{ filename: 'broken.png', type: 'image/png', data: pngHeader(50, 50) }],
      'en',
    )
    expect(broken.body.msg).toBe('The image is damaged or cannot be read')
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    const two = await upload(
      [
        { filename: 'a.png', type: 'image/png', data: small },
        { filename: 'b.png', type: 'image/png', data: small },
      ],
      'en',
    )
    expect(two.body.msg).toBe('Upload one file at a time')
    const none = await upload([], 'en')
    expect(none.body.msg).toBe('Please choose a file to upload')
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/Upload',
      payload: {},
      headers: { authorization: `Bearer ${token}`, lang: 'en' },
    })
    expect(json.statusCode).toBe(400)
    expect((json.json() as Answer).msg).toBe('Send the file as multipart/form-data')
    expect(storedFiles()).toEqual([])
    expect(uploadsTree()).toEqual(initialTree)
  })

  it('needs a signed-in user with the content or orders ability', async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer()
    expect(
      (await upload([{ filename: 'a.png', type: 'image/png', data: small }], 'zh', '')).status,
    ).toBe(401)
  })
})

describe('accepted uploads', () => {
  it('stores a real PNG under a generated name, with WebP variants, served with nosniff and its type', async () => {
    const png = await sharp({
      create: { width: 1000, height: 600, channels: 3, background: '#246' },
    })
      .png()
      .toBuffer()
    const r = await upload([
      { filename: '../../evil name.png', type: 'application/octet-stream', data: png },
    ])
    expect(r.status).toBe(200)
    const data = r.body.data!
    expect(data).toMatchObject({
      name: 'evil name.png',
      type: 'image/png',
      width: 1000,
      height: 600,
    })
    expect(data.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{24}\.png$/)
    expect(data.variants.map((v) => v.width)).toEqual([480, 960])
    expect(data.thumb).toBe(data.variants[0]!.url)
    const served = await t.app.inject(data.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 1000,
      height: 600,
    })
    const variant = await t.app.inject(data.thumb)
    expect(variant.headers['content-type']).toBe('image/webp')
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(480)
  })

  it('drops the camera metadata of a photo and applies its orientation', async () => {
    const photo = await sharp({
      create: { width: 60, height: 40, channels: 3, background: '#468' },
    })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'private location' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const r = await upload([{ filename: 'IMG_0001.jpg', type: 'image/jpeg', data: photo }])
    expect(r.status).toBe(200)
    // orientation 6 = rotate 90°: the stored picture is upright, 40 wide and 60 high
    expect(r.body.data).toMatchObject({ type: 'image/jpeg', width: 40, height: 60 })
    const served = await t.app.inject(r.body.data!.url)
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.exif).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([40, 60])
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false)
  })

  it('drops comments, XMP and EXIF from GIF and WebP, keeping an animation animated', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer()
    const frames = [await frame('#c00'), await frame('#00c')]
    // an animated GIF with a comment and an XMP application extension after its colour table
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer()
    const tableEnd = 13 + (gif[10]! & 0x80 ? 3 * 2 ** ((gif[10]! & 7) + 1) : 0)
    const subBlocks = (text: string) =>
      Buffer.concat([Buffer.from([text.length]), Buffer.from(text, 'latin1'), Buffer.from([0])])
    const comment = Buffer.concat([
      Buffer.from([0x21, 0xfe]),
      subBlocks('GPS 31.2304N secret comment'),
    ])
    const xmp = Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from('XMP DataXMP', 'latin1'),
      subBlocks('<x:xmpmeta>gif-xmp-secret</x:xmpmeta>'),
    ])
    const taggedGif = Buffer.concat([
      gif.subarray(0, tableEnd),
      comment,
      xmp,
      gif.subarray(tableEnd),
    ])
    expect((await sharp(taggedGif).metadata()).pages).toBe(2)
    const webp = await sharp(frames, { join: { animated: true } })
      .webp()
      .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'webp-exif-secret' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">webp-xmp-secret</x:xmpmeta>')
      .toBuffer()
    expect(webp.includes('webp-exif-secret') && webp.includes('webp-xmp-secret')).toBe(true)
    for (const [type, data, secrets] of [
      ['image/gif', taggedGif, ['secret comment', 'XMP DataXMP', 'gif-xmp-secret']],
      ['image/webp', webp, ['webp-exif-secret', 'PhoneMaker', 'webp-xmp-secret', 'EXIF', 'XMP ']],
    ] as const) {
      const r = await upload([{ filename: 'x.bin', type: 'application/octet-stream', data }])
      expect(r.body.data, type).toMatchObject({ type, width: 40, height: 30 })
      const stored = (await t.app.inject(r.body.data!.url)).rawPayload
      for (const secret of secrets)
        expect(stored.includes(Buffer.from(secret, 'latin1')), `${type}: ${secret}`).toBe(false)
      const meta = await sharp(stored, { animated: true }).metadata()
      expect(meta, type).toMatchObject({ pages: 2, width: 40 })
      expect([meta.exif, meta.xmp, meta.comments], type).toEqual([undefined, undefined, undefined])
    }
  })

  it('accepts JPEG, GIF and WebP by content', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    for (const [type, data] of [
      ['image/jpeg', await base.clone().jpeg().toBuffer()],
      ['image/gif', await base.clone().gif().toBuffer()],
      ['image/webp', await base.clone().webp().toBuffer()],
    ] as const) {
      const r = await upload([{ filename: 'x.bin', type: 'text/plain', data }])
      expect(r.body.data, type).toMatchObject({ type, width: 40, height: 30, variants: [] })
    }
  })

  it('never serves an SVG or HTML file from /uploads inline', async () => {
    fs.writeFileSync(
      path.join(t.dataDir, 'uploads', 'old.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const res = await t.app.inject('/uploads/old.svg')
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-disposition']).toBe('attachment')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})
