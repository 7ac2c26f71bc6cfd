// Small toolkit for drawing SVG illustrations in code.
// Everything here is deterministic: no Math.random, no clock, no I/O.

/** Seeded PRNG (mulberry32). Returns a function producing floats in [0, 1). */
export function createRng(seed) {
  let s = seed >>> 0
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  next.range = (a, b) => a + (b - a) * next()
  next.int = (a, b) => Math.floor(a + (b - a + 1) * next())
  next.pick = (list) => list[Math.floor(next() * list.length)]
  return next
}

/** Round a number for compact, stable SVG output. */
export function fmt(n) {
  const r = Math.round(n * 100) / 100
  return Object.is(r, -0) ? 0 : r
}

export const TAU = Math.PI * 2
export const deg = (d) => (d * Math.PI) / 180
export const clamp = (v, a, b) => Math.min(b, Math.max(a, v))
export const lerp = (a, b, t) => a + (b - a) * t

export function polar(cx, cy, r, a) {
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)]
}

export function rotatePoint([x, y], a, [cx, cy] = [0, 0]) {
  const c = Math.cos(a)
  const s = Math.sin(a)
  const dx = x - cx
  const dy = y - cy
  return [cx + dx * c - dy * s, cy + dx * s + dy * c]
}

/** Polygon points → closed path data. */
export function polyPath(points, close = true) {
  return 'M' + points.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join('L') + (close ? 'Z' : '')
}

/** Smooth closed path through points (Catmull-Rom converted to cubic Béziers). */
export function smoothPath(points, tension = 0.5) {
  const n = points.length
  let d = `M${fmt(points[0][0])} ${fmt(points[0][1])}`
  for (let i = 0; i < n; i++) {
    const p0 = points[(i - 1 + n) % n]
    const p1 = points[i]
    const p2 = points[(i + 1) % n]
    const p3 = points[(i + 2) % n]
    const k = tension / 3
    const c1 = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k]
    const c2 = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k]
    d += `C${fmt(c1[0])} ${fmt(c1[1])} ${fmt(c2[0])} ${fmt(c2[1])} ${fmt(p2[0])} ${fmt(p2[1])}`
  }
  return d + 'Z'
}

export function circlePath(cx, cy, r) {
  return ellipsePath(cx, cy, r, r)
}

export function ellipsePath(cx, cy, rx, ry) {
  return (
    `M${fmt(cx - rx)} ${fmt(cy)}` +
    `A${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(cx + rx)} ${fmt(cy)}` +
    `A${fmt(rx)} ${fmt(ry)} 0 1 0 ${fmt(cx - rx)} ${fmt(cy)}Z`
  )
}

export function roundRectPath(x, y, w, h, r) {
  r = Math.min(r, w / 2, h / 2)
  return (
    `M${fmt(x + r)} ${fmt(y)}H${fmt(x + w - r)}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(x + w)} ${fmt(y + r)}` +
    `V${fmt(y + h - r)}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(x + w - r)} ${fmt(y + h)}` +
    `H${fmt(x + r)}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(x)} ${fmt(y + h - r)}` +
    `V${fmt(y + r)}A${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(x + r)} ${fmt(y)}Z`
  )
}

/** Convex hull (monotone chain) of a point cloud. */
export function convexHull(points) {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const lower = []
  for (const pt of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], pt) <= 0)
      lower.pop()
    lower.push(pt)
  }
  const upper = []
  for (let i = p.length - 1; i >= 0; i--) {
    const pt = p[i]
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], pt) <= 0)
      upper.pop()
    upper.push(pt)
  }
  upper.pop()
  lower.pop()
  return lower.concat(upper)
}

export function circlePoints(cx, cy, r, n = 48, a0 = 0) {
  const out = []
  for (let i = 0; i < n; i++) out.push(polar(cx, cy, r, a0 + (i / n) * TAU))
  return out
}

/**
 * Outline of a spur gear (involute-like convex flanks) centred on (0, 0).
 * Returns a point list; angles grow clockwise on screen (SVG y down).
 */
export function gearPoints({
  teeth,
  rTip,
  rRoot,
  phase = 0,
  tip = 0.11,
  root = 0.26,
  flankSteps = 3,
}) {
  const pts = []
  const pitch = TAU / teeth
  for (let i = 0; i < teeth; i++) {
    const a = phase + i * pitch
    // root land (from previous tooth) then rising flank, tip land, falling flank
    pts.push(polar(0, 0, rRoot, a - pitch * 0.5))
    const flank = []
    for (let s = 0; s <= flankSteps; s++) {
      const t = s / flankSteps
      // convex flank: radius grows linearly, angular half-width shrinks with an ease
      const r = lerp(rRoot, rTip, t)
      const w =
        lerp(root, tip, Math.pow(t, 0.8)) + (t > 0 && t < 1 ? 0.015 * Math.sin(t * Math.PI) : 0)
      flank.push([r, w])
    }
    for (const [r, w] of flank) pts.push(polar(0, 0, r, a - pitch * w))
    for (let s = flank.length - 1; s >= 0; s--)
      pts.push(polar(0, 0, flank[s][0], a + pitch * flank[s][1]))
  }
  return pts
}

export function gearPath(opts) {
  return polyPath(gearPoints(opts))
}

/** Points of a tapered, curved limb from p0 to p1 (quadratic through ctrl). */
export function limbPoints(p0, ctrl, p1, w0, w1, steps = 16) {
  const left = []
  const right = []
  for (let i = 0; i <= steps; i++) {
    const t = i / steps
    const x = (1 - t) * (1 - t) * p0[0] + 2 * (1 - t) * t * ctrl[0] + t * t * p1[0]
    const y = (1 - t) * (1 - t) * p0[1] + 2 * (1 - t) * t * ctrl[1] + t * t * p1[1]
    const dx = 2 * (1 - t) * (ctrl[0] - p0[0]) + 2 * t * (p1[0] - ctrl[0])
    const dy = 2 * (1 - t) * (ctrl[1] - p0[1]) + 2 * t * (p1[1] - ctrl[1])
    const len = Math.hypot(dx, dy) || 1
    const nx = -dy / len
    const ny = dx / len
    // slight waist: limbs are thinner in the middle, like forged/cast arms
    const w = lerp(w0, w1, t) * (1 - 0.12 * Math.sin(Math.PI * t)) * 0.5
    left.push([x + nx * w, y + ny * w])
    right.push([x - nx * w, y - ny * w])
  }
  return left.concat(right.reverse())
}

// ---------- colour ----------

export function hsl(h, s, l, a) {
  const hh = fmt(((h % 360) + 360) % 360)
  return a === undefined
    ? `hsl(${hh},${fmt(s)}%,${fmt(l)}%)`
    : `hsla(${hh},${fmt(s)}%,${fmt(l)}%,${fmt(a)})`
}

function hexToRgb(hex) {
  const v = parseInt(hex.slice(1), 16)
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
}

/** Mix two #rrggbb colours. */
export function mix(a, b, t) {
  const ca = hexToRgb(a)
  const cb = hexToRgb(b)
  const c = ca.map((v, i) => Math.round(lerp(v, cb[i], t)))
  return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('')
}

/** Metal palettes: highlight → deep shadow. */
export const METALS = {
  steel: { hi: '#fbfdff', light: '#d3dae2', mid: '#9aa6b3', dark: '#56616d', deep: '#2a3038' },
  chrome: { hi: '#ffffff', light: '#e4e9ef', mid: '#a7b2bf', dark: '#4d5866', deep: '#1f252d' },
  forged: { hi: '#aab3bd', light: '#737d88', mid: '#4d5560', dark: '#2e343b', deep: '#16191d' },
  warm: { hi: '#fbf7f0', light: '#d6cec2', mid: '#a1978a', dark: '#5e564c', deep: '#2d2924' },
  blued: { hi: '#e9f1fb', light: '#a9bcd4', mid: '#6c84a3', dark: '#3b4c64', deep: '#1b2433' },
  bronze: { hi: '#fdf0d4', light: '#e2bb7e', mid: '#b4864a', dark: '#6f4d23', deep: '#3a2910' },
  cast: { hi: '#b8bec4', light: '#8a9198', mid: '#636a71', dark: '#3e4349', deep: '#212428' },
  alu: { hi: '#ffffff', light: '#e8ecef', mid: '#bcc4cb', dark: '#7c8792', deep: '#444c55' },
  black: { hi: '#8d96a1', light: '#5a626c', mid: '#3a4048', dark: '#24282e', deep: '#101215' },
}

// ---------- defs ----------

export class Defs {
  constructor(prefix = 'd') {
    this.prefix = prefix
    this.items = []
    this.n = 0
    this.cache = new Map()
  }

  id(tag = '') {
    this.n += 1
    return `${this.prefix}${tag}${this.n}`
  }

  add(markup) {
    this.items.push(markup)
  }

  /** Register a reusable element; returns its id. */
  symbol(markup, tag = 's') {
    const id = this.id(tag)
    this.items.push(markup.replace('%ID%', id))
    return id
  }

  static stops(stops) {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${fmt(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${fmt(a)}"`}/>`,
      )
      .join('')
  }

  /** Linear gradient. Coordinates are fractions (bbox) unless user=true. */
  linear(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false, spread } = {}) {
    const key = 'L' + JSON.stringify([stops, x1, y1, x2, y2, user, spread])
    if (this.cache.has(key)) return this.cache.get(key)
    const id = this.id('l')
    this.items.push(
      `<linearGradient id="${id}" x1="${fmt(x1)}" y1="${fmt(y1)}" x2="${fmt(x2)}" y2="${fmt(y2)}"` +
        `${user ? ' gradientUnits="userSpaceOnUse"' : ''}${spread ? ` spreadMethod="${spread}"` : ''}>` +
        `${Defs.stops(stops)}</linearGradient>`,
    )
    const url = `url(#${id})`
    this.cache.set(key, url)
    return url
  }

  radial(stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false } = {}) {
    const key = 'R' + JSON.stringify([stops, cx, cy, r, fx, fy, user])
    if (this.cache.has(key)) return this.cache.get(key)
    const id = this.id('r')
    this.items.push(
      `<radialGradient id="${id}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}"` +
        `${fx === undefined ? '' : ` fx="${fmt(fx)}" fy="${fmt(fy)}"`}` +
        `${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${Defs.stops(stops)}</radialGradient>`,
    )
    const url = `url(#${id})`
    this.cache.set(key, url)
    return url
  }

  /** Gaussian blur filter, cached by deviation. */
  blur(std, pad = 60) {
    const key = `B${std}:${pad}`
    if (this.cache.has(key)) return this.cache.get(key)
    const id = this.id('b')
    this.items.push(
      `<filter id="${id}" x="-${pad}%" y="-${pad}%" width="${100 + 2 * pad}%" height="${100 + 2 * pad}%">` +
        `<feGaussianBlur stdDeviation="${std}"/></filter>`,
    )
    const url = `url(#${id})`
    this.cache.set(key, url)
    return url
  }

  /** Soft specular "bevel" that makes flat silhouettes look like rounded metal. */
  bevel({
    blur = 5,
    scale = 6,
    exponent = 18,
    strength = 0.55,
    light = [-0.6, -1, 1.2],
    color = '#ffffff',
  } = {}) {
    const key = 'V' + JSON.stringify([blur, scale, exponent, strength, light, color])
    if (this.cache.has(key)) return this.cache.get(key)
    const id = this.id('v')
    const [lx, ly, lz] = light
    const az = (Math.atan2(ly, lx) * 180) / Math.PI
    const el = (Math.atan2(lz, Math.hypot(lx, ly)) * 180) / Math.PI
    this.items.push(
      `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%">` +
        `<feGaussianBlur in="SourceAlpha" stdDeviation="${blur}" result="a"/>` +
        `<feSpecularLighting in="a" surfaceScale="${scale}" specularConstant="1" specularExponent="${exponent}" lighting-color="${color}" result="s">` +
        `<feDistantLight azimuth="${fmt(az)}" elevation="${fmt(el)}"/></feSpecularLighting>` +
        `<feComposite in="s" in2="SourceAlpha" operator="in" result="t"/>` +
        `<feComposite in="SourceGraphic" in2="t" operator="arithmetic" k1="0" k2="1" k3="${strength}" k4="0"/></filter>`,
    )
    const url = `url(#${id})`
    this.cache.set(key, url)
    return url
  }

  toString() {
    return this.items.length ? `<defs>${this.items.join('')}</defs>` : ''
  }
}

/** Wrap body markup as a full SVG document. viewBox size (w, h); pixel size (outW, outH). */
export function svgDoc(w, h, defs, body, outW = w, outH = h) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${outW}" height="${outH}" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid slice">` +
    `${defs}${body}</svg>`
  )
}

// ---------- shared drawing helpers ----------

/** Cylinder-like metal gradient along an axis (bbox units). */
export function metalBand(defs, m, dir = 'v', soft = false) {
  const [x2, y2] = dir === 'v' ? [0, 1] : dir === 'h' ? [1, 0] : [1, 1]
  const stops = soft
    ? [
        [0, m.dark],
        [0.25, m.light],
        [0.45, m.hi],
        [0.7, m.mid],
        [1, m.dark],
      ]
    : [
        [0, m.deep],
        [0.12, m.mid],
        [0.3, m.hi],
        [0.42, m.light],
        [0.62, m.mid],
        [0.86, m.dark],
        [1, m.deep],
      ]
  return defs.linear(stops, { x1: 0, y1: 0, x2, y2 })
}

/** Flat machined face gradient (bbox units), light from top-left. */
export function metalFace(defs, m, angle = 45) {
  const a = deg(angle)
  const dx = Math.cos(a) * 0.5
  const dy = Math.sin(a) * 0.5
  return defs.linear(
    [
      [0, m.hi],
      [0.35, m.light],
      [0.6, m.mid],
      [0.8, m.light],
      [1, m.dark],
    ],
    { x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy },
  )
}

/** Blurred contact shadow ellipse. */
export function groundShadow(defs, cx, cy, rx, ry, opacity = 0.35, blur = 14) {
  return `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="#0b1220" opacity="${fmt(opacity)}" filter="${defs.blur(blur)}"/>`
}
