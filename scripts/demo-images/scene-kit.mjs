// Building blocks for isometric scene illustrations (factory interiors,
// machines, people, glows). Builds on the solid renderer.
import { fmt, mix, polar, TAU, lerp, hsl, roundRectPath, ellipsePath } from './svg-kit.mjs'
import { prism, cylinder, circleContour, add, mul, sdf, sdfContours } from './solid-render.mjs'

/** Palette (deep → hi) derived from a paint colour. */
export function paint(hex) {
  return {
    deep: mix(hex, '#000000', 0.62),
    dark: mix(hex, '#000000', 0.34),
    mid: hex,
    light: mix(hex, '#ffffff', 0.3),
    hi: mix(hex, '#ffffff', 0.65),
  }
}

export const PAINT = { amb: 0.3, kd: 0.42, ks: 0.12, shin: 10 }
export const HOT = {
  deep: '#6b1402',
  dark: '#b3300a',
  mid: '#f0620f',
  light: '#ffb347',
  hi: '#fff6cf',
}

const flatCap = (defs, pal, t) =>
  defs.linear(
    [
      [0, mix(pal.mid, pal.hi, Math.min(1, Math.max(0, (t - 0.5) * 2 + 0.25)))],
      [1, mix(pal.mid, pal.hi, Math.min(1, Math.max(0, (t - 0.5) * 2 - 0.05)))],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  )

/**
 * Axis-aligned box. at = [x, y, z] of the min corner, size = [w, d, h].
 * Returns { svg, face(name) → transform for decorating a face in 2D (a right, b down) }.
 */
export function box(
  cam,
  defs,
  { at, size, color, metal, shade, capTone = 0, capFill, capStroke = false, filter },
) {
  const [x, y, z] = at
  const [w, d, h] = size
  const pal = metal ?? paint(color)
  const sh = shade ?? (metal ? undefined : PAINT)
  const contour = [
    [0, 0],
    [w, 0],
    [w, d],
    [0, d],
  ]
  const t = cam.intensity([0, 0, 1], sh ?? {})
  const pr = prism(cam, defs, {
    contours: [{ pts: contour }],
    origin: [x, y, z],
    h0: 0,
    h1: h,
    metal: pal,
    shading: sh,
    capTone,
    capFill: capFill ?? (metal ? undefined : flatCap(defs, pal, t + capTone)),
    capStroke,
    capFilter: filter,
  })
  const faces = {
    top: [
      [x, y + d, z + h],
      [1, 0, 0],
      [0, -1, 0],
    ],
    front: [
      [x, y, z + h],
      [1, 0, 0],
      [0, 0, -1],
    ],
    right: [
      [x + w, y, z + h],
      [0, 1, 0],
      [0, 0, -1],
    ],
    left: [
      [x, y + d, z + h],
      [0, -1, 0],
      [0, 0, -1],
    ],
    back: [
      [x + w, y + d, z + h],
      [-1, 0, 0],
      [0, 0, -1],
    ],
  }
  return {
    svg: pr.svg,
    face: (name) => cam.planeMatrix(...faces[name]),
    deco: (name, markup) => `<g transform="${cam.planeMatrix(...faces[name])}">${markup}</g>`,
  }
}

/** Vertical cylinder standing at [x, y, z]. */
export function vcyl(
  cam,
  defs,
  { at, r, h, color, metal, shade, holeR, segments = 48, scaleTop, capTone },
) {
  const pal = metal ?? paint(color)
  return cylinder(cam, defs, {
    base: at,
    axis: [0, 0, 1],
    r,
    h,
    holeR,
    metal: pal,
    shading: shade ?? (metal ? undefined : PAINT),
    segments,
    scaleTop,
    capTone,
  })
}

/** Cylinder along an arbitrary axis. */
export function acyl(cam, defs, { at, axis, r, h, color, metal, shade, segments = 40 }) {
  const pal = metal ?? paint(color)
  return cylinder(cam, defs, {
    base: at,
    axis,
    r,
    h,
    metal: pal,
    shading: shade ?? (metal ? undefined : PAINT),
    segments,
  })
}

/** Extruded 2D profile (drawn in a vertical plane) — for arms, brackets, gantries. */
export function profile(
  cam,
  defs,
  {
    fns,
    box: bb,
    origin = [0, 0, 0],
    eA = [1, 0, 0],
    eB = [0, 0, -1],
    eN = [0, -1, 0],
    h0 = 0,
    h1,
    color,
    metal,
    cell = 3,
    bevel,
  },
) {
  const contours = sdfContours(sdf.union(fns, 10), bb, cell)
  const pal = metal ?? paint(color)
  return prism(cam, defs, {
    contours,
    origin,
    eA,
    eB,
    eN,
    h0,
    h1,
    metal: pal,
    shading: metal ? undefined : PAINT,
    capFilter: bevel ? defs.bevel({ blur: 3, scale: 3, strength: 0.35 }) : undefined,
  }).svg
}

/**
 * Wrap a camera so that part drawers (which work around the origin) can be
 * placed at `offset` and scaled by `k` inside a bigger scene.
 */
export function placedCamera(cam, offset, k) {
  const wrap = {
    toCam: cam.toCam,
    bbox: cam.bbox,
    intensity: cam.intensity,
    vec: (v) => cam.vec(mul(v, k)),
    project: (p) => cam.project(add(offset, mul(p, k))),
    planeMatrix(origin, eA, eB) {
      const o = wrap.project(origin)
      const a = wrap.vec(eA)
      const b = wrap.vec(eB)
      return `matrix(${fmt(a[0])} ${fmt(a[1])} ${fmt(b[0])} ${fmt(b[1])} ${fmt(o[0])} ${fmt(o[1])})`
    },
  }
  return wrap
}

/** Polygon on a world plane (no shading) — floors, walls, markings, light beams. */
export function worldPoly(cam, pts, attrs) {
  const d =
    'M' +
    pts
      .map((p) => cam.project(p))
      .map((q) => `${fmt(q[0])} ${fmt(q[1])}`)
      .join('L') +
    'Z'
  return `<path d="${d}" ${attrs}/>`
}

/** Radial glow in screen space at world point p (radius in screen units). */
export function glow(cam, defs, p, r, color, opacity = 0.8, squash = 1) {
  const q = cam.project(p)
  const g = defs.radial(
    [
      [0, color, opacity],
      [0.35, color, opacity * 0.45],
      [1, color, 0],
    ],
    {},
  )
  return `<ellipse cx="${fmt(q[0])}" cy="${fmt(q[1])}" rx="${fmt(r)}" ry="${fmt(r * squash)}" fill="${g}"/>`
}

/** Sparks flying from point p (seeded). */
export function sparks(
  cam,
  defs,
  rng,
  p,
  { n = 40, len = 40, spread = 220, up = -0.4, arc = 0.6 } = {},
) {
  const q = cam.project(p)
  let s = `<g stroke-linecap="round" filter="${defs.blur(0.6, 20)}">`
  for (let i = 0; i < n; i++) {
    const a = up * Math.PI + rng.range(-1, 1) * Math.PI * arc
    const dist = rng.range(0.15, 1) * spread
    const x0 = q[0] + Math.cos(a) * dist
    const y0 = q[1] + Math.sin(a) * dist + dist * dist * 0.0009 * spread * 0.1
    const l = rng.range(0.3, 1) * len
    const x1 = x0 - Math.cos(a) * l
    const y1 = y0 - Math.sin(a) * l
    const col = rng.pick(['#fff3c4', '#ffd27a', '#ffb347', '#ff8c2a'])
    s += `<path d="M${fmt(x0)} ${fmt(y0)}L${fmt(x1)} ${fmt(y1)}" stroke="${col}" stroke-width="${fmt(rng.range(1, 2.6))}" stroke-opacity="${fmt(rng.range(0.5, 1))}"/>`
  }
  return s + '</g>'
}

/** Glass window (in face coordinates). */
export function windowPane(
  defs,
  x,
  y,
  w,
  h,
  { frame = '#2b3440', tint = '#9fc3e6', glowc, bars = 0, r = 3 } = {},
) {
  const glass = defs.linear(
    [
      [0, mix(tint, '#ffffff', 0.55)],
      [0.45, tint],
      [1, mix(tint, '#0b1726', 0.55)],
    ],
    { x1: 0, y1: 0, x2: 0.6, y2: 1 },
  )
  let s = `<path d="${roundRectPath(x, y, w, h, r)}" fill="${frame}"/>`
  s += `<rect x="${fmt(x + 3)}" y="${fmt(y + 3)}" width="${fmt(w - 6)}" height="${fmt(h - 6)}" fill="${glass}"/>`
  if (glowc)
    s += `<rect x="${fmt(x + 3)}" y="${fmt(y + 3)}" width="${fmt(w - 6)}" height="${fmt(h - 6)}" fill="${glowc}" opacity=".35"/>`
  // reflection streak
  s += `<path d="M${fmt(x + w * 0.18)} ${fmt(y + 3)}L${fmt(x + w * 0.38)} ${fmt(y + 3)}L${fmt(x + w * 0.12)} ${fmt(y + h - 3)}L${fmt(x + 3)} ${fmt(y + h - 3)}L${fmt(x + 3)} ${fmt(y + h * 0.7)}Z" fill="#fff" opacity=".22"/>`
  for (let i = 1; i <= bars; i++)
    s += `<rect x="${fmt(x + (w * i) / (bars + 1) - 1.5)}" y="${fmt(y)}" width="3" height="${fmt(h)}" fill="${frame}"/>`
  return s
}

/** Yellow/black hazard stripe band (face coordinates). */
export function hazard(defs, x, y, w, h) {
  const id = defs.id('hz')
  defs.add(
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${fmt(h * 2)}" height="${fmt(h * 2)}" patternTransform="rotate(45)">` +
      `<rect width="${fmt(h * 2)}" height="${fmt(h * 2)}" fill="#f5c518"/><rect width="${fmt(h)}" height="${fmt(h * 2)}" fill="#1d1f22"/></pattern>`,
  )
  return `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="url(#${id})"/>`
}

/** Stack light (andon) on top of a machine. */
export function stackLight(cam, defs, at, on = 'green') {
  let s = vcyl(cam, defs, {
    at,
    r: 3,
    h: 26,
    metal: { deep: '#222', dark: '#444', mid: '#777', light: '#aaa', hi: '#ddd' },
  }).svg
  const cols = [
    ['green', '#22c55e'],
    ['amber', '#f59e0b'],
    ['red', '#ef4444'],
  ]
  let z = at[2] + 26
  for (const [name, c] of cols) {
    const lit = name === on
    s += vcyl(cam, defs, {
      at: [at[0], at[1], z],
      r: 7,
      h: 12,
      color: lit ? mix(c, '#ffffff', 0.2) : mix(c, '#333333', 0.55),
      shade: lit ? { amb: 0.7, kd: 0.3, ks: 0.2, shin: 8 } : PAINT,
      segments: 28,
    }).svg
    if (lit) s += glow(cam, defs, [at[0], at[1], z + 6], 26, c, 0.55)
    z += 12
  }
  return s
}

/** Simple worker figure in screen space standing at world point p. height in screen units. */
export function person(
  cam,
  rng,
  p,
  height,
  {
    shirt = '#2f5d8a',
    pants = '#25303d',
    vest = '#f28c28',
    helmet = '#f4f6f8',
    hair = '#2b2119',
    skin,
    pose = 'stand',
    facing = 1,
  } = {},
) {
  const [x, y] = cam.project(p)
  const k = height / 170
  const sk = skin ?? rng.pick(['#f1c7a5', '#d9a37c', '#b07850', '#8a5a3b', '#e8b894'])
  const S = (v) => fmt(v * k)
  let s = `<g transform="translate(${fmt(x)} ${fmt(y)})">`
  // shadow
  s += `<ellipse cx="${S(10)}" cy="${S(2)}" rx="${S(30)}" ry="${S(8)}" fill="#000" opacity=".22"/>`
  // legs
  s += `<path d="${roundRectPath(-18 * k, -82 * k, 16 * k, 80 * k, 5 * k)}" fill="${pants}"/>`
  s += `<path d="${roundRectPath(2 * k, -82 * k, 16 * k, 80 * k, 5 * k)}" fill="${mix(pants, '#000000', 0.15)}"/>`
  s += `<path d="${roundRectPath(-21 * k, -8 * k, 20 * k, 9 * k, 3 * k)}" fill="#1a1a1a"/><path d="${roundRectPath(1 * k, -8 * k, 20 * k, 9 * k, 3 * k)}" fill="#1a1a1a"/>`
  // torso
  s += `<path d="${roundRectPath(-24 * k, -142 * k, 48 * k, 66 * k, 12 * k)}" fill="${shirt}"/>`
  // vest with reflective stripes
  if (vest) {
    s += `<path d="M${S(-22)} ${S(-134)}L${S(-8)} ${S(-140)}L${S(-2)} ${S(-100)}L${S(2)} ${S(-100)}L${S(8)} ${S(-140)}L${S(22)} ${S(-134)}L${S(23)} ${S(-80)}L${S(-23)} ${S(-80)}Z" fill="${vest}"/>`
    s += `<rect x="${S(-23)}" y="${S(-106)}" width="${S(46)}" height="${S(5)}" fill="#e5e7eb" opacity=".9"/><rect x="${S(-23)}" y="${S(-93)}" width="${S(46)}" height="${S(5)}" fill="#e5e7eb" opacity=".9"/>`
  } else {
    s += `<path d="M${S(-8)} ${S(-142)}L0 ${S(-128)}L${S(8)} ${S(-142)}Z" fill="#f8fafc" opacity=".85"/>`
  }
  // arms
  if (pose === 'tablet') {
    s += `<path d="${roundRectPath(-32 * k, -136 * k, 13 * k, 50 * k, 6 * k)}" fill="${shirt}" transform="rotate(-25 ${S(-26)} ${S(-136)})"/>`
    s += `<path d="${roundRectPath(19 * k, -136 * k, 13 * k, 42 * k, 6 * k)}" fill="${shirt}" transform="rotate(35 ${S(25)} ${S(-136)})"/>`
    s += `<path d="${roundRectPath(-22 * k, -112 * k, 30 * k, 22 * k, 3 * k)}" fill="#1f2937" transform="rotate(-12 0 ${S(-100)})"/><rect x="${S(-19)}" y="${S(-109)}" width="${S(24)}" height="${S(16)}" fill="#38bdf8" opacity=".7" transform="rotate(-12 0 ${S(-100)})"/>`
  } else if (pose === 'point') {
    s += `<path d="${roundRectPath(-34 * k, -138 * k, 13 * k, 58 * k, 6 * k)}" fill="${shirt}"/>`
    s += `<path d="${roundRectPath(20 * k, -140 * k, 13 * k, 60 * k, 6 * k)}" fill="${shirt}" transform="rotate(${-110 * facing} ${S(26)} ${S(-136)})"/>`
  } else {
    s += `<path d="${roundRectPath(-34 * k, -138 * k, 13 * k, 60 * k, 6 * k)}" fill="${shirt}"/>`
    s += `<path d="${roundRectPath(21 * k, -138 * k, 13 * k, 60 * k, 6 * k)}" fill="${mix(shirt, '#000000', 0.12)}"/>`
    s += `<circle cx="${S(-27.5)}" cy="${S(-78)}" r="${S(6.5)}" fill="${sk}"/><circle cx="${S(27.5)}" cy="${S(-78)}" r="${S(6.5)}" fill="${sk}"/>`
  }
  // head + helmet
  s += `<rect x="${S(-6)}" y="${S(-152)}" width="${S(12)}" height="${S(12)}" fill="${sk}"/>`
  s += `<circle cx="0" cy="${S(-164)}" r="${S(15)}" fill="${sk}"/>`
  if (helmet) {
    s += `<path d="M${S(-18)} ${S(-166)}A${S(18)} ${S(17)} 0 0 1 ${S(18)} ${S(-166)}L${S(facing > 0 ? 24 : 20)} ${S(-164)}L${S(-20)} ${S(-164)}Z" fill="${helmet}"/>`
    s += `<path d="M${S(-10)} ${S(-180)}A${S(12)} ${S(10)} 0 0 1 ${S(6)} ${S(-182)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="${S(2.5)}"/>`
    s += `<rect x="${S(-11)}" y="${S(-163)}" width="${S(22)}" height="${S(5)}" rx="${S(2)}" fill="#1e293b" opacity=".75"/>`
  } else {
    s += `<path d="M${S(-15)} ${S(-162)}A${S(15)} ${S(16)} 0 0 1 ${S(15)} ${S(-162)}Q${S(6)} ${S(-172)} ${S(-15)} ${S(-162)}Z" fill="${hair}"/>`
  }
  return s + '</g>'
}

/** Rounded tree: trunk cylinder + layered foliage blobs (screen space). */
export function tree(cam, defs, rng, p, size, hue = 110) {
  const [x, y] = cam.project(p)
  const k = size / 100
  const f1 = defs.radial(
    [
      [0, hsl(hue, 42, 52)],
      [1, hsl(hue, 48, 28)],
    ],
    { cx: 0.35, cy: 0.3, r: 0.75 },
  )
  let s = `<ellipse cx="${fmt(x + 14 * k)}" cy="${fmt(y + 2 * k)}" rx="${fmt(38 * k)}" ry="${fmt(12 * k)}" fill="#000" opacity=".18"/>`
  s += `<path d="M${fmt(x - 4 * k)} ${fmt(y)}L${fmt(x - 3 * k)} ${fmt(y - 55 * k)}L${fmt(x + 3 * k)} ${fmt(y - 55 * k)}L${fmt(x + 4 * k)} ${fmt(y)}Z" fill="#5b4636"/>`
  const blobs = [
    [0, -95, 36],
    [-20, -75, 28],
    [22, -72, 27],
    [4, -120, 26],
  ]
  for (const [bx, by, br] of blobs) {
    const j = rng.range(0.9, 1.1)
    s += `<circle cx="${fmt(x + bx * k)}" cy="${fmt(y + by * k)}" r="${fmt(br * k * j)}" fill="${f1}"/>`
  }
  return s
}

/** Pattern of vertical corrugation for containers / cladding (face coords). */
export function stripes(defs, { pitch = 8, light, dark, angle = 0 }) {
  const id = defs.id('st')
  defs.add(
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${fmt(pitch)}" height="${fmt(pitch)}"${angle ? ` patternTransform="rotate(${angle})"` : ''}>` +
      `<rect width="${fmt(pitch)}" height="${fmt(pitch)}" fill="${light}"/><rect width="${fmt(pitch * 0.42)}" height="${fmt(pitch)}" fill="${dark}"/></pattern>`,
  )
  return `url(#${id})`
}

/** Wire-mesh pattern for safety fences (face coords). */
export function mesh(defs, color = '#374151', step = 9) {
  const id = defs.id('ms')
  defs.add(
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${step}" height="${step}">` +
      `<path d="M0 0H${step}M0 0V${step}" stroke="${color}" stroke-width="1.3" fill="none"/></pattern>`,
  )
  return `url(#${id})`
}

/** Cover-fit: scale the camera bbox so it fills [W, H] (cropping), with focus & zoom. */
export function fitCover(cam, markup, W, H, { focus = [0.5, 0.5], zoom = 1, box } = {}) {
  const [bx0, by0, bx1, by1] = box ?? cam.bbox
  const bw = bx1 - bx0
  const bh = by1 - by0
  const s = Math.max(W / bw, H / bh) * zoom
  const tx = W / 2 - (bx0 + bw * focus[0]) * s
  const ty = H / 2 - (by0 + bh * focus[1]) * s
  return `<g transform="translate(${fmt(tx)} ${fmt(ty)}) scale(${fmt(s)})">${markup}</g>`
}

/** Contain-fit into [x, y, w, h]. */
export function fitContain(cam, markup, [x, y, w, h], box) {
  const [bx0, by0, bx1, by1] = box ?? cam.bbox
  const s = Math.min(w / (bx1 - bx0), h / (by1 - by0))
  const tx = x + (w - (bx1 - bx0) * s) / 2 - bx0 * s
  const ty = y + (h - (by1 - by0) * s) / 2 - by0 * s
  return `<g transform="translate(${fmt(tx)} ${fmt(ty)}) scale(${fmt(s)})">${markup}</g>`
}

/** Snapshot of the camera bbox (to fit on a region rather than on everything drawn). */
export function bboxOf(cam, pts) {
  const xs = []
  const ys = []
  const save = [...cam.bbox]
  for (const p of pts) {
    const q = cam.project(p)
    xs.push(q[0])
    ys.push(q[1])
  }
  cam.bbox.splice(0, 4, ...save)
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

export { fmt, mix, polar, TAU, lerp, hsl, roundRectPath, ellipsePath, circleContour }
