#!/usr/bin/env node
// Generates the Forgeline demo images from code-drawn SVG illustrations.
//
//   node scripts/demo-images/generate.mjs
//
// Deterministic: every shape comes from fixed parameters or a seeded PRNG.
// Outputs go to src/server/db/seed/assets/ (seed content) and public/ (app assets);
// folders are created as needed and files are overwritten.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import QRCode from 'qrcode'
import { PRODUCTS, CATEGORIES, partSvg } from './catalog.mjs'
import { CAROUSEL, NEWS, ABOUT, equipmentSvg } from './scenes.mjs'
import { faviconSvg, logoSvg, iconSvg, placeholderSvg } from './brand.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const ASSETS = path.join(ROOT, 'src', 'server', 'db', 'seed', 'assets')
const PUBLIC = path.join(ROOT, 'public')
const TOTAL_BUDGET = 2.5 * 1024 * 1024

const KB = 1024
const written = []
const notes = []

async function save(file, buf) {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, buf)
  written.push({ file: path.relative(ROOT, file), bytes: buf.length })
}

/** SVG → WebP; lowers quality in steps only if a size budget would be exceeded. */
async function webp(file, svg, { quality = 72, maxBytes } = {}) {
  const raster = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).toBuffer()
  let q = quality
  for (;;) {
    const buf = await sharp(raster).webp({ quality: q, effort: 6 }).toBuffer()
    if (!maxBytes || buf.length <= maxBytes || q <= 40) {
      if (q !== quality)
        notes.push(`${path.basename(file)}: quality lowered to ${q} to fit ${maxBytes / KB} KB`)
      if (maxBytes && buf.length > maxBytes)
        notes.push(`${path.basename(file)}: still over budget (${buf.length} B)`)
      await save(file, buf)
      return
    }
    q -= 4
  }
}

async function png(file, svg, { palette = true, flatten = false } = {}) {
  let img = sharp(Buffer.from(svg))
  if (flatten) img = img.flatten({ background: '#ffffff' })
  const buf = await img.png({ compressionLevel: 9, palette, quality: 95, effort: 10 }).toBuffer()
  await save(file, buf)
}

/** Scannable QR code: crisp integer module size, centred on a 240×240 white square. */
async function qr(file, text, size = 240) {
  const code = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const n = code.modules.size
  const quiet = 4
  const scale = Math.floor(size / (n + 2 * quiet))
  if (scale < 2) throw new Error(`QR for ${text} too dense for ${size}px`)
  const raw = await QRCode.toBuffer(text, {
    errorCorrectionLevel: 'M',
    margin: 0,
    scale,
    color: { dark: '#000000ff', light: '#ffffffff' },
  })
  const pad = size - n * scale
  const lead = Math.floor(pad / 2)
  const buf = await sharp(raw)
    .flatten({ background: '#ffffff' })
    .extend({ top: lead, left: lead, bottom: pad - lead, right: pad - lead, background: '#ffffff' })
    .png({ palette: true, colours: 2, compressionLevel: 9, effort: 10 })
    .toBuffer()
  // self-check: sample every module centre and compare with the QR matrix
  const { data, info } = await sharp(buf).greyscale().raw().toBuffer({ resolveWithObject: true })
  if (info.width !== size || info.height !== size)
    throw new Error(`QR ${file}: wrong size ${info.width}x${info.height}`)
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const x = lead + c * scale + (scale >> 1)
      const y = lead + r * scale + (scale >> 1)
      const dark = data[y * info.width + x] < 128
      if (dark !== Boolean(code.modules.get(r, c)))
        throw new Error(`QR ${file}: module mismatch at ${r},${c}`)
    }
  }
  await save(file, buf)
}

const pad2 = (i) => String(i).padStart(2, '0')

async function main() {
  const t0 = Date.now()

  // carousel banners
  for (let i = 0; i < CAROUSEL.length; i++) {
    await webp(path.join(ASSETS, `carousel-${i + 1}.webp`), CAROUSEL[i](1200, 560), {
      maxBytes: 45 * KB,
    })
    await webp(path.join(ASSETS, `carousel-${i + 1}-sm.webp`), CAROUSEL[i](1200, 560, [640, 300]), {
      maxBytes: 18 * KB,
    })
  }

  // category tiles
  for (let i = 0; i < CATEGORIES.length; i++) {
    await webp(
      path.join(ASSETS, `category-${i + 1}.webp`),
      partSvg(CATEGORIES[i], { size: 400, style: 'badge' }),
      { maxBytes: 15 * KB },
    )
  }

  // products (4 per category, same order as the categories)
  for (let i = 0; i < PRODUCTS.length; i++) {
    const n = pad2(i + 1)
    await webp(path.join(ASSETS, `product-${n}.webp`), partSvg(PRODUCTS[i]), { maxBytes: 30 * KB })
    await webp(path.join(ASSETS, `product-${n}-sm.webp`), partSvg(PRODUCTS[i], { out: 320 }), {
      maxBytes: 8 * KB,
    })
  }

  // news, equipment, about
  for (let i = 0; i < NEWS.length; i++)
    await webp(path.join(ASSETS, `news-${i + 1}.webp`), NEWS[i](800, 450), { maxBytes: 60 * KB })
  for (let i = 0; i < 6; i++)
    await webp(path.join(ASSETS, `equipment-${i + 1}.webp`), equipmentSvg(i), { maxBytes: 60 * KB })
  await webp(path.join(ASSETS, 'about-1.webp'), ABOUT[0](1200, 700), { maxBytes: 80 * KB })
  await webp(path.join(ASSETS, 'about-2.webp'), ABOUT[1](800, 600), { maxBytes: 60 * KB })

  // QR codes
  await qr(path.join(ASSETS, 'qr-wechat.png'), 'https://weixin.qq.com/r/forgeline-demo')
  await qr(path.join(ASSETS, 'qr-site.png'), 'https://forgeline.example.com/')

  // public app assets
  await webp(path.join(PUBLIC, 'images', 'default-category.webp'), placeholderSvg(400), {
    maxBytes: 15 * KB,
  })
  await save(path.join(PUBLIC, 'favicon.svg'), Buffer.from(faviconSvg()))
  await save(path.join(PUBLIC, 'logo.svg'), Buffer.from(logoSvg()))
  await png(path.join(PUBLIC, 'icons', 'icon-192.png'), iconSvg(192, 'rounded'))
  await png(path.join(PUBLIC, 'icons', 'icon-512.png'), iconSvg(512, 'rounded'))
  await png(path.join(PUBLIC, 'icons', 'maskable-512.png'), iconSvg(512, 'maskable'), {
    flatten: true,
  })
  await png(path.join(PUBLIC, 'icons', 'apple-touch-icon.png'), iconSvg(180, 'square'), {
    flatten: true,
  })

  // report
  const total = written.reduce((a, w) => a + w.bytes, 0)
  const largest = written.reduce((a, w) => (w.bytes > a.bytes ? w : a))
  for (const w of written) console.log(`${(w.bytes / KB).toFixed(1).padStart(7)} KB  ${w.file}`)
  console.log(
    `\n${written.length} files, total ${(total / KB).toFixed(1)} KB; largest ${largest.file} (${(largest.bytes / KB).toFixed(1)} KB); ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  )
  for (const n of notes) console.log(`note: ${n}`)
  if (total > TOTAL_BUDGET) {
    console.error(`error: total ${total} B exceeds budget ${TOTAL_BUDGET} B`)
    process.exitCode = 1
  }
}

await main()
