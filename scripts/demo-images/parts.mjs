// Parametric 3D-ish drawings of forged / machined automotive parts.
// Each function draws into camera space and returns SVG markup.
import {
  fmt,
  TAU,
  polar,
  gearPoints,
  convexHull,
  circlePoints,
  lerp,
  METALS,
  circlePath,
} from './svg-kit.mjs'
import {
  prism,
  cylinder,
  circleContour,
  sdf,
  sdfContours,
  ramp,
  norm,
  add,
  mul,
  basisFor,
} from './solid-render.mjs'

const Z = [0, 0, 1]
const dot3 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

/** Blurred contact shadow of a disc of radius r lying at world point c. */
export function discShadow(cam, defs, c, r, { opacity = 0.38, blur = 10, squash = 1 } = {}) {
  const p = cam.project(c)
  const rx = Math.hypot(...cam.vec([r, 0, 0])) * 1.06
  const ry = Math.abs(cam.vec([0, r, 0])[1]) * squash * 1.08 + 2
  p[0] += rx * 0.05
  p[1] += ry * 0.12
  return `<ellipse cx="${fmt(p[0])}" cy="${fmt(p[1])}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="#0d1522" opacity="${fmt(opacity)}" filter="${defs.blur(blur)}"/>`
}

/** Circle with a rectangular keyway notch at angle a (plane coords). */
export function keyedBore(r, kw, kd, a = -Math.PI / 2, n = 60) {
  const pts = []
  const half = Math.asin(Math.min(0.95, kw / 2 / r))
  for (let i = 0; i <= n; i++) {
    const t = a + half + (i / n) * (TAU - 2 * half)
    pts.push(polar(0, 0, r, t))
  }
  const ca = Math.cos(a)
  const sa = Math.sin(a)
  const px = -sa
  const py = ca
  const far = r + kd
  pts.push([ca * far - px * kw * 0.5, sa * far - py * kw * 0.5])
  pts.push([ca * far + px * kw * 0.5, sa * far + py * kw * 0.5])
  return pts
}

function clipPathFor(defs, d) {
  const id = defs.id('c')
  defs.add(`<clipPath id="${id}"><path d="${d}"/></clipPath>`)
  return `url(#${id})`
}

function projectedLoop(cam, origin, eA, eB, pts) {
  return (
    'M' +
    pts
      .map(([a, b]) => {
        const p = cam.project(add(add(origin, mul(eA, a)), mul(eB, b)))
        return `${fmt(p[0])} ${fmt(p[1])}`
      })
      .join('L') +
    'Z'
  )
}

/** Machining rings drawn in cap-plane coordinates. */
function lathRings(r0, r1, n, color, opacity = 0.18) {
  let s = ''
  for (let i = 0; i < n; i++) {
    const r = lerp(r0, r1, (i + 0.5) / n)
    s += `<circle r="${fmt(r)}" fill="none" stroke="${color}" stroke-opacity="${fmt(opacity * (0.6 + (0.4 * ((i * 7) % 3)) / 2))}" stroke-width="${fmt((r1 - r0) / n / 2.2)}"/>`
  }
  return s
}

// ------------------------------------------------------------------ gears

/**
 * Spur / helical gear lying on the floor (axis = world z).
 * p: { teeth, rTip, depth, T, metal, twist, lighten:{n,r,at}, recess:{rRim,top,bottom}, hub:{r,top,bore,key}, bolts:{n,r,at} }
 */
export function gear(cam, defs, p) {
  const m = METALS[p.metal ?? 'steel']
  const o = p.origin ?? [0, 0, 0]
  const rRoot = p.rTip - p.depth
  const outer = {
    pts: gearPoints({ teeth: p.teeth, rTip: p.rTip, rRoot, phase: p.phase ?? 0, flankSteps: 3 }),
  }
  const bore = p.hub?.key
    ? keyedBore(p.hub.bore, p.hub.bore * 0.42, p.hub.bore * 0.22)
    : circleContour(p.hub?.bore ?? p.rTip * 0.2, 48)
  let s = discShadow(cam, defs, o, p.rTip, { opacity: 0.42, blur: p.rTip / 14 })
  const shade = { amb: 0.08, kd: 0.6, ks: 0.8, shin: 26 }
  const lightenHoles = []
  if (p.lighten) {
    for (let i = 0; i < p.lighten.n; i++) {
      const a = (i / p.lighten.n) * TAU + (p.lighten.phase ?? 0.3)
      const c = polar(0, 0, p.lighten.at, a)
      lightenHoles.push({
        pts:
          p.lighten.shape === 'slot'
            ? slotPoints(c, a, p.lighten.r, p.lighten.len ?? p.lighten.r * 1.8)
            : circleContour(p.lighten.r, 40, c[0], c[1]),
        hole: true,
        tone: -0.15,
      })
    }
  }
  if (p.recess) {
    const { rRim, top, bottom } = p.recess
    const rim = prism(cam, defs, {
      contours: [outer, { pts: circleContour(rRim, 96), hole: true, tone: -0.1 }],
      origin: o,
      h1: p.T,
      metal: m,
      twist: p.twist ?? 0,
      shading: shade,
    })
    s += rim.svg
    s += `<g transform="${rim.capMatrix}">${lathRings(rRoot * 0.995, rRim, 3, m.hi, 0.12)}</g>`
    const opening = projectedLoop(
      cam,
      add(o, [0, 0, p.T]),
      [1, 0, 0],
      [0, 1, 0],
      circleContour(rRim, 96),
    )
    const clip = clipPathFor(defs, opening)
    const web = prism(cam, defs, {
      contours: [
        { pts: circleContour(rRim + 2, 96) },
        ...lightenHoles,
        { pts: circleContour(p.hub.r - 1, 64), hole: true },
      ],
      origin: o,
      h0: bottom,
      h1: top,
      metal: m,
      shading: shade,
      capTone: -0.08,
    })
    s += `<g clip-path="${clip}">${web.svg}<g transform="${web.capMatrix}">${lathRings(p.hub.r, rRim, 5, m.dark, 0.1)}</g>`
    const hub = prism(cam, defs, {
      contours: [{ pts: circleContour(p.hub.r, 80) }, { pts: bore, hole: true, tone: -0.2 }],
      origin: o,
      h0: bottom,
      h1: p.hub.top,
      metal: m,
      shading: shade,
    })
    s += hub.wallsSvg + `</g>` + hub.cap
    s += `<g transform="${hub.capMatrix}">${lathRings(p.hub.bore, p.hub.r, 3, m.hi, 0.2)}</g>`
    if (p.bolts) s += boltCircleOnCap(hub.capMatrix, p.bolts, m)
  } else {
    const body = prism(cam, defs, {
      contours: [outer, ...lightenHoles, { pts: bore, hole: true, tone: -0.2 }],
      origin: o,
      h1: p.T,
      metal: m,
      twist: p.twist ?? 0,
      shading: shade,
    })
    s += body.svg
    s += `<g transform="${body.capMatrix}">${lathRings(p.hub?.bore ?? 10, rRoot * 0.97, 6, m.hi, 0.14)}</g>`
    if (p.hub && p.hub.top > p.T) {
      const hub = prism(cam, defs, {
        contours: [{ pts: circleContour(p.hub.r, 80) }, { pts: bore, hole: true, tone: -0.2 }],
        origin: o,
        h0: p.T,
        h1: p.hub.top,
        metal: m,
        shading: shade,
      })
      s +=
        hub.svg +
        `<g transform="${hub.capMatrix}">${lathRings(p.hub.bore, p.hub.r, 3, m.hi, 0.2)}</g>`
    }
    if (p.bolts) s += boltCircleOnCap(body.capMatrix, p.bolts, m)
  }
  return s
}

function slotPoints([cx, cy], _a, r, len) {
  // kidney-shaped slot following the circle through (cx, cy)
  const R = Math.hypot(cx, cy) || 1
  const span = len / R
  const a0 = Math.atan2(cy, cx) - span / 2
  const a1 = a0 + span
  const pts = []
  const n = 14
  const cap = (a, from) => {
    const c = polar(0, 0, R, a)
    for (let i = 1; i < 8; i++) pts.push(polar(c[0], c[1], r, from + (i / 8) * Math.PI))
  }
  for (let i = 0; i <= n; i++) pts.push(polar(0, 0, R + r, lerp(a0, a1, i / n)))
  cap(a1, a1)
  for (let i = n; i >= 0; i--) pts.push(polar(0, 0, R - r, lerp(a0, a1, i / n)))
  cap(a0, a0 + Math.PI)
  return pts
}

/** Bolt heads / tapped holes drawn flat on a cap plane. */
function boltCircleOnCap(matrix, { n, r, at, phase = 0, kind = 'hole' }, m) {
  let s = `<g transform="${matrix}">`
  for (let i = 0; i < n; i++) {
    const [x, y] = polar(0, 0, at, phase + (i / n) * TAU)
    if (kind === 'hole') {
      s += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r * 1.25)}" fill="${m.light}" opacity=".55"/>`
      s += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" fill="${m.deep}"/>`
      s += `<circle cx="${fmt(x - r * 0.15)}" cy="${fmt(y - r * 0.15)}" r="${fmt(r * 0.72)}" fill="#05070a" opacity=".7"/>`
    } else {
      const hex = []
      for (let k = 0; k < 6; k++) hex.push(polar(x, y, r, (k / 6) * TAU + 0.3))
      s += `<path d="M${hex.map((q) => `${fmt(q[0])} ${fmt(q[1])}`).join('L')}Z" fill="${m.dark}" stroke="${m.hi}" stroke-width="${fmt(r / 8)}" stroke-opacity=".6"/>`
      s += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r * 0.55)}" fill="${m.mid}"/>`
    }
  }
  return s + '</g>'
}

// ------------------------------------------------------------------ helpers

/** Recessed pocket (blind) cut into the top face at height `top`. */
function pocket(
  cam,
  defs,
  {
    pts,
    origin = [0, 0, 0],
    eA = [1, 0, 0],
    eB = [0, 1, 0],
    eN = Z,
    top,
    depth,
    metal,
    floorTone = -0.1,
    floorExtra = '',
  },
) {
  const opening = projectedLoop(cam, add(origin, mul(eN, top)), eA, eB, pts)
  const clip = clipPathFor(defs, opening)
  const floor = prism(cam, defs, {
    contours: [{ pts }],
    origin,
    eA,
    eB,
    eN,
    h0: top - depth - 1,
    h1: top - depth,
    metal,
    capTone: floorTone,
    capStroke: false,
  })
  const walls = prism(cam, defs, {
    contours: [{ pts, hole: true, tone: -0.05 }],
    origin,
    eA,
    eB,
    eN,
    h0: top - depth,
    h1: top,
    metal,
  })
  return `<g clip-path="${clip}">${floor.cap}${floorExtra ? `<g transform="${floor.capMatrix}">${floorExtra}</g>` : ''}${walls.wallsSvg}</g>`
}

/** Blurred shadow polygon from world points projected onto the screen. */
function blobShadow(cam, defs, pts, { opacity = 0.35, blur = 12 } = {}) {
  const d =
    'M' +
    pts
      .map((q) => cam.project(q))
      .map((q) => `${fmt(q[0])} ${fmt(q[1])}`)
      .join('L') +
    'Z'
  return `<path d="${d}" fill="#0d1522" opacity="${fmt(opacity)}" filter="${defs.blur(blur, 80)}" stroke="#0d1522" stroke-width="${fmt(blur * 1.5)}" stroke-linejoin="round"/>`
}

/** Plane embedding (rotation `yaw` radians about world z) for flat-lying parts. */
function flatPlane(yaw) {
  return { eA: [Math.cos(yaw), Math.sin(yaw), 0], eB: [-Math.sin(yaw), Math.cos(yaw), 0] }
}

const loopsOf = (f, box, cell = 3) => sdfContours(f, box, cell)

// ------------------------------------------------------------------ crankshaft

/**
 * Crankshaft along world x. p: { throws:[deg], rj, rp, e, rc, webT, pinL, mainL, cw:'round'|'fan',
 *  webMetal, journalMetal, flange:{r,t,holes,holeR}, gearTeeth }
 */
export function crankshaft(cam, defs, p) {
  const X = [1, 0, 0]
  const eA = [0, 1, 0]
  const eB = [0, 0, 1]
  const jm = METALS[p.journalMetal ?? 'chrome']
  const wm = METALS[p.webMetal ?? 'forged']
  const polish = { amb: 0.05, kd: 0.45, ks: 1.1, shin: 30 }
  let x = 0
  let s = ''
  const seg = (contours, len, metal, extra = {}) => {
    const pr = prism(cam, defs, {
      contours,
      origin: [x, 0, 0],
      eA,
      eB,
      eN: X,
      h0: 0,
      h1: len,
      metal,
      ...extra,
    })
    x += len
    return pr
  }
  // total length for the shadow
  const n = p.throws.length
  const total = 60 + 26 + 22 + (n + 1) * p.mainL + n * (2 * p.webT + p.pinL) + (p.flange?.t ?? 0)
  const floorZ = -(p.rc + 26)
  s += blobShadow(
    cam,
    defs,
    [
      [110, -p.rc * 0.5, floorZ],
      [total, -p.rc * 1.1, floorZ],
      [total + 10, p.rc * 1.1, floorZ],
      [110, p.rc * 0.5, floorZ],
    ],
    { opacity: 0.3, blur: 18 },
  )
  const parts = []
  // snout with keyway, then timing gear
  parts.push(seg([{ pts: circleContour(p.rj * 0.55, 56) }], 60, jm, { shading: polish }).svg)
  parts.push(seg([{ pts: circleContour(p.rj * 0.72, 56) }], 26, jm, { shading: polish }).svg)
  if (p.gearTeeth) {
    const g = seg(
      [{ pts: gearPoints({ teeth: p.gearTeeth, rTip: p.rj * 1.38, rRoot: p.rj * 1.2 }) }],
      22,
      METALS.steel,
      { shading: polish },
    )
    parts.push(
      g.svg +
        `<g transform="${g.capMatrix}">${lathRings(p.rj * 0.3, p.rj * 1.15, 3, '#ffffff', 0.15)}</g>`,
    )
  } else x += 22
  const webContour = (theta) => {
    const u = [Math.sin(theta), Math.cos(theta)]
    const c = [u[0] * p.e, u[1] * p.e]
    const pts = [
      ...circlePoints(c[0], c[1], p.rp * 1.55, 28),
      ...circlePoints(0, 0, p.rj * 1.45, 28),
    ]
    const span = p.cw === 'fan' ? 1.05 : 0.75
    for (let i = 0; i <= 16; i++) {
      const a = Math.atan2(-u[1], -u[0]) - span + (i / 16) * span * 2
      const rr = p.cw === 'fan' ? p.rc : p.rc * (0.86 + 0.14 * Math.cos((i / 16 - 0.5) * Math.PI))
      pts.push(polar(0, 0, rr, a))
    }
    return { pts: convexHull(pts), c }
  }
  parts.push(seg([{ pts: circleContour(p.rj, 64) }], p.mainL, jm, { shading: polish }).svg)
  for (let i = 0; i < n; i++) {
    const th = (p.throws[i] * Math.PI) / 180
    const w = webContour(th)
    const webBevel = defs.bevel({ blur: 3, scale: 3, strength: 0.45, exponent: 16 })
    const webA = seg([{ pts: w.pts }], p.webT, wm, { capTone: -0.05, capFilter: webBevel })
    parts.push(
      webA.svg +
        `<g transform="${webA.capMatrix}"><circle r="${fmt(p.rj * 0.5)}" fill="#000" opacity=".12"/></g>`,
    )
    const pin = seg([{ pts: circleContour(p.rp, 56, w.c[0], w.c[1]) }], p.pinL, jm, {
      shading: polish,
    })
    parts.push(
      pin.svg +
        `<g transform="${pin.capMatrix}"><circle cx="${fmt(w.c[0])}" cy="${fmt(w.c[1])}" r="${fmt(p.rp * 0.12)}" fill="#111" opacity=".6"/></g>`,
    )
    parts.push(seg([{ pts: w.pts }], p.webT, wm, { capTone: -0.02, capFilter: webBevel }).svg)
    parts.push(seg([{ pts: circleContour(p.rj, 64) }], p.mainL, jm, { shading: polish }).svg)
  }
  if (p.flange) {
    const f = p.flange
    const holes = []
    for (let i = 0; i < f.holes; i++)
      holes.push({
        pts: circleContour(f.holeR, 28, ...polar(0, 0, f.r * 0.62, (i / f.holes) * TAU)),
        hole: true,
        tone: -0.2,
      })
    const fl = seg(
      [
        { pts: circleContour(f.r, 80) },
        ...holes,
        { pts: circleContour(p.rj * 0.42, 40), hole: true, tone: -0.2 },
      ],
      f.t,
      jm,
      { shading: polish },
    )
    parts.push(
      fl.svg +
        `<g transform="${fl.capMatrix}">${lathRings(p.rj * 0.45, f.r, 7, '#ffffff', 0.12)}<circle r="${fmt(f.r * 0.4)}" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="2"/></g>`,
    )
  }
  // the camera sees either the +x or the −x faces: paint from the far end
  if (cam.toCam[0] < 0) parts.reverse()
  return s + parts.join('')
}

// ------------------------------------------------------------------ connecting rod

/**
 * Connecting rod lying flat. p: { L, Rb, rb, Rs, rs, T, w0, w1, yaw, metal, style:'I'|'H', split:'bolt'|'fracture', exploded, gap }
 */
export function conrod(cam, defs, p) {
  const m = METALS[p.metal ?? 'forged']
  const { eA, eB } = flatPlane(p.yaw ?? 0)
  const shoulderW = p.Rb * 1.3
  const full = sdf.union(
    [
      sdf.circle(0, 0, p.Rb),
      sdf.circle(0, -p.L, p.Rs),
      sdf.limb([0, -p.Rb * 0.5], [0, -p.L + p.Rs * 0.4], p.w0 / 2, p.w1 / 2),
      sdf.box(0, p.Rb * 0.1, shoulderW, p.Rb * 0.42, 10),
    ],
    p.Rb * 0.45,
  )
  const bores = [sdf.circle(0, 0, p.rb), sdf.circle(0, -p.L, p.rs)]
  const gap = p.exploded ? (p.gap ?? p.Rb * 0.9) : 0
  let shape
  if (p.exploded) {
    const upper = (x, y) => Math.max(sdf.subtract(full, bores)(x, y), y)
    const lower = (x, y) => Math.max(sdf.subtract(full, bores)(x, y - gap), -(y - gap))
    shape = (x, y) => Math.min(upper(x, y), lower(x, y))
  } else shape = sdf.subtract(full, bores)
  const ext = p.Rb * 1.6
  const box = [-ext, -p.L - p.Rs - 8, ext, p.Rb + gap + 10]
  const contours = loopsOf(shape, box, 2.5).map((c) => (c.hole ? { ...c, tone: -0.15 } : c))
  let s = ''
  // shadow
  let shadowSvg = ''
  for (const c of contours.filter((q) => !q.hole)) {
    const sh = c.pts.map(([a, b]) => add(add(mul(eA, a), mul(eB, b)), [12, -10, 0]))
    shadowSvg += blobShadow(cam, defs, sh, { opacity: 0.3, blur: 8 })
  }
  const body = prism(cam, defs, {
    contours,
    eA,
    eB,
    h1: p.T,
    metal: m,
    capFilter: defs.bevel({ blur: 3.5, scale: 4, strength: 0.5 }),
    capTone: 0.02,
  })
  s += body.wallsSvg + body.cap
  // beam recess on the shank
  const y0 = -p.Rb - p.rb * 0.05
  const y1 = -p.L + p.Rs + 6
  const pockets =
    p.style === 'H'
      ? [
          sdf.limb([-p.w0 * 0.18, y0], [-p.w1 * 0.16, y1], p.w0 * 0.11, p.w1 * 0.09),
          sdf.limb([p.w0 * 0.18, y0], [p.w1 * 0.16, y1], p.w0 * 0.11, p.w1 * 0.09),
        ]
      : [sdf.limb([0, y0], [0, y1], p.w0 * 0.3, p.w1 * 0.26)]
  for (const f of pockets) {
    for (const c of loopsOf(f, [-p.w0, y1 - 30, p.w0, y0 + 30], 2)) {
      s += pocket(cam, defs, {
        pts: c.pts,
        eA,
        eB,
        top: p.T,
        depth: p.T * 0.32,
        metal: m,
        floorTone: -0.12,
      })
    }
  }
  // bearing shell and small-end bush
  const shell = (r, t, metal, cy) =>
    prism(cam, defs, {
      contours: [
        { pts: circleContour(r, 64, 0, cy), walls: false },
        { pts: circleContour(r - t, 64, 0, cy), hole: true, tone: -0.1 },
      ],
      eA,
      eB,
      h0: p.T * 0.04,
      h1: p.T * 0.96,
      metal,
    })
  if (!p.exploded) {
    const a = shell(p.rb, p.rb * 0.09, METALS.steel, 0)
    s += a.svg
  }
  const b = shell(p.rs, p.rs * 0.16, METALS.bronze, -p.L)
  s += b.svg
  // parting line + cap details on the face
  if (!p.exploded) {
    let line
    if (p.split === 'fracture') {
      let d = ''
      for (const side of [-1, 1]) {
        d += `M${fmt(side * (shoulderW + 2))} 0`
        const steps = 9
        for (let i = 1; i <= steps; i++) {
          const xx = side * lerp(shoulderW + 2, p.rb, i / steps)
          d += `L${fmt(xx)} ${fmt(i % 2 ? 1.8 : -1.8)}`
        }
      }
      line = `<path d="${d}" fill="none" stroke="#0b0d10" stroke-opacity=".75" stroke-width="1.6"/>`
    } else {
      line = `<path d="M${fmt(-shoulderW - 4)} 0H${fmt(-p.rb)}M${fmt(p.rb)} 0H${fmt(shoulderW + 4)}" stroke="#0b0d10" stroke-opacity=".8" stroke-width="2.2"/>`
    }
    s += `<g transform="${body.capMatrix}">${line}<circle cx="0" cy="${fmt(-p.L - p.Rs * 0.72)}" r="${fmt(p.Rs * 0.09)}" fill="#0b0d10" opacity=".7"/></g>`
  }
  // bolts / nuts protruding below the cap shoulders (axis along eB)
  const xb = (p.rb + shoulderW) / 2 + 2
  const nutAt = p.Rb * 0.1 + p.Rb * 0.42 + gap
  const nuts = []
  for (const side of [-1, 1]) {
    const base = add(add(mul(eA, side * xb), mul(eB, nutAt - 2)), [0, 0, p.T / 2])
    const [na, nb] = basisFor(eB)
    const hex = []
    for (let k = 0; k < 6; k++) hex.push(polar(0, 0, p.T * 0.42, (k / 6) * TAU + Math.PI / 6))
    nuts.push(
      prism(cam, defs, {
        contours: [{ pts: hex }],
        origin: base,
        eA: na,
        eB: nb,
        eN: eB,
        h0: 0,
        h1: p.T * 0.38,
        metal: METALS.black,
      }).svg,
    )
    nuts.push(
      cylinder(cam, defs, {
        base: add(base, mul(eB, p.T * 0.38)),
        axis: eB,
        r: p.T * 0.2,
        h: p.T * 0.2,
        metal: METALS.steel,
        segments: 28,
      }).svg,
    )
    if (p.exploded) {
      const bb = add(add(mul(eA, side * xb), mul(eB, 2)), [0, 0, p.T / 2])
      nuts.push(
        cylinder(cam, defs, {
          base: bb,
          axis: eB,
          r: p.T * 0.2,
          h: gap * 0.8,
          metal: METALS.chrome,
          segments: 36,
        }).svg,
      )
    }
  }
  const nutsFacing = dot3(eB, cam.toCam) > 0
  s = nutsFacing ? s + nuts.join('') : nuts.join('') + s
  return shadowSvg + s
}

// ------------------------------------------------------------------ steering knuckle

/**
 * Steering knuckle as a cast slab with raised machined bosses.
 * p: { yaw, metal, T, hub:{r,bore,h}, arms:[{to:[a,b], w0, w1, boss, hole, h}], ribs, flangeBolts }
 */
export function knuckle(cam, defs, p) {
  const m = METALS[p.metal ?? 'cast']
  const { eA, eB } = flatPlane(p.yaw ?? 0)
  const fns = [sdf.circle(0, 0, p.hub.r)]
  const holes = [sdf.circle(0, 0, p.hub.bore)]
  let minA = -p.hub.r
  let minB = -p.hub.r
  let maxA = p.hub.r
  let maxB = p.hub.r
  for (const a of p.arms) {
    const from = a.from ?? [0, 0]
    fns.push(sdf.limb(from, a.via ?? a.to, a.w0 / 2, (a.wm ?? a.w1) / 2))
    if (a.via) fns.push(sdf.limb(a.via, a.to, (a.wm ?? a.w1) / 2, a.w1 / 2))
    fns.push(sdf.circle(a.to[0], a.to[1], a.boss))
    if (a.hole) holes.push(sdf.circle(a.to[0], a.to[1], a.hole))
    minA = Math.min(minA, a.to[0] - a.boss)
    maxA = Math.max(maxA, a.to[0] + a.boss)
    minB = Math.min(minB, a.to[1] - a.boss)
    maxB = Math.max(maxB, a.to[1] + a.boss)
  }
  const shape = sdf.subtract(sdf.union(fns, p.blend ?? 34), holes)
  const contours = loopsOf(shape, [minA - 12, minB - 12, maxA + 12, maxB + 12], 3).map((c) =>
    c.hole ? { ...c, tone: -0.2 } : c,
  )
  let s = ''
  for (const c of contours.filter((q) => !q.hole)) {
    const shPts = c.pts.map(([a, b]) => add(add(mul(eA, a), mul(eB, b)), [16, -12, 0]))
    s += blobShadow(cam, defs, shPts, { opacity: 0.3, blur: 9 })
  }
  const slab = prism(cam, defs, {
    contours,
    eA,
    eB,
    h1: p.T,
    metal: m,
    capFilter: defs.bevel({ blur: 6, scale: 7, strength: 0.55, exponent: 14 }),
  })
  s += slab.wallsSvg + slab.cap
  // cast ribs along arms
  if (p.ribs) {
    for (const a of p.arms.filter((q) => q.rib)) {
      const from = a.from ?? [0, 0]
      const start = [from[0] + (a.to[0] - from[0]) * 0.3, from[1] + (a.to[1] - from[1]) * 0.3]
      const end = [from[0] + (a.to[0] - from[0]) * 0.82, from[1] + (a.to[1] - from[1]) * 0.82]
      const rf = sdf.limb(start, end, 6, 4)
      for (const c of loopsOf(
        rf,
        [
          Math.min(start[0], end[0]) - 10,
          Math.min(start[1], end[1]) - 10,
          Math.max(start[0], end[0]) + 10,
          Math.max(start[1], end[1]) + 10,
        ],
        2,
      )) {
        s += prism(cam, defs, {
          contours: [c],
          eA,
          eB,
          h0: p.T,
          h1: p.T + 7,
          metal: m,
          capFilter: defs.bevel({ blur: 2.5, scale: 3, strength: 0.5 }),
        }).svg
      }
    }
  }
  // machined bosses, painter-sorted by depth
  const bosses = [{ at: [0, 0], r: p.hub.r * 0.9, hole: p.hub.bore, h: p.hub.h, machined: true }]
  for (const a of p.arms)
    if (a.h) bosses.push({ at: a.to, r: a.boss * 0.92, hole: a.hole, h: a.h, machined: true })
  const items = bosses.map((b) => {
    const origin = add(mul(eA, b.at[0]), mul(eB, b.at[1]))
    return { b, origin, depth: cam.project(origin)[2] }
  })
  items.sort((u, v) => u.depth - v.depth)
  for (const { b, origin } of items) {
    const bossM = METALS[p.bossMetal ?? 'steel']
    const contoursB = [{ pts: circleContour(b.r, 64) }]
    if (b.hole) contoursB.push({ pts: circleContour(b.hole, 48), hole: true, tone: -0.25 })
    const pr = prism(cam, defs, {
      contours: contoursB,
      origin,
      eA,
      eB,
      h0: p.T - 2,
      h1: p.T + b.h,
      metal: m,
      capFill: undefined,
    })
    s += pr.wallsSvg
    // machined top face in bright steel
    const cap = prism(cam, defs, {
      contours: contoursB,
      origin,
      eA,
      eB,
      h0: p.T + b.h - 0.5,
      h1: p.T + b.h,
      metal: bossM,
      wallStroke: false,
    })
    s +=
      cap.cap +
      `<g transform="${cap.capMatrix}">${lathRings(b.hole ?? 0, b.r, 4, '#ffffff', 0.16)}</g>`
    if (b === bosses[0] && p.flangeBolts) {
      s += boltCircleOnCap(
        cap.capMatrix,
        { n: p.flangeBolts, r: b.r * 0.075, at: (b.r + p.hub.bore) / 2, phase: Math.PI / 4 },
        METALS.steel,
      )
    }
  }
  return s
}

// ------------------------------------------------------------------ flanges

/**
 * Pipe / shaft flange lying flat. p: { R, T, holes, holeR, holeAt, bore, outline:'round'|'square', raised:{r,h},
 *  neck:{r0,r1,h}, hub:{r,h}, metal, yaw }
 */
export function flange(cam, defs, p) {
  const m = METALS[p.metal ?? 'steel']
  const shade = { amb: 0.07, kd: 0.6, ks: 0.85, shin: 28 }
  const holes = []
  for (let i = 0; i < p.holes; i++) {
    const a = (p.holePhase ?? Math.PI / p.holes) + (i / p.holes) * TAU
    holes.push({
      pts: circleContour(p.holeR, 36, ...polar(0, 0, p.holeAt, a)),
      hole: true,
      tone: -0.2,
    })
  }
  let outer
  if (p.outline === 'square') {
    const f = sdf.box(0, 0, p.R, p.R, p.R * 0.28)
    outer = loopsOf(f, [-p.R - 6, -p.R - 6, p.R + 6, p.R + 6], 3)[0]
    outer = { pts: outer.pts }
  } else if (p.outline === 'oval') {
    const f = sdf.union(
      [
        sdf.circle(0, 0, p.R * 0.62),
        sdf.circle(-p.holeAt, 0, p.R * 0.3),
        sdf.circle(p.holeAt, 0, p.R * 0.3),
      ],
      p.R * 0.5,
    )
    outer = { pts: loopsOf(f, [-p.R * 1.4, -p.R, p.R * 1.4, p.R], 3)[0].pts }
  } else outer = { pts: circleContour(p.R, 120) }
  const boreC = p.bore ? [{ pts: circleContour(p.bore, 72), hole: true, tone: -0.25 }] : []
  let s = discShadow(cam, defs, [0, 0, 0], p.R * (p.outline === 'oval' ? 1.25 : 1.05), {
    opacity: 0.4,
    blur: p.R / 12,
  })
  const disc = prism(cam, defs, {
    contours: [outer, ...holes, ...boreC],
    h1: p.T,
    metal: m,
    shading: shade,
  })
  s += disc.svg
  let top = p.T
  let capM = disc.capMatrix
  const ringMax = p.outline === 'oval' ? p.R * 0.6 : p.R * 0.98
  s += `<g transform="${capM}">${lathRings(p.bore ?? 0, ringMax, 5, '#ffffff', 0.1)}</g>`
  if (p.raised) {
    const rf = prism(cam, defs, {
      contours: [{ pts: circleContour(p.raised.r, 96) }, ...boreC],
      h0: top,
      h1: top + p.raised.h,
      metal: m,
      shading: shade,
    })
    s +=
      rf.svg +
      `<g transform="${rf.capMatrix}">${lathRings(p.bore ?? 0, p.raised.r, 16, '#000000', 0.09)}</g>`
    top += p.raised.h
  }
  if (p.neck) {
    const { r0, r1, h } = p.neck
    const cone = prism(cam, defs, {
      contours: [{ pts: circleContour(r0, 96) }],
      h0: top,
      h1: top + h,
      scaleTop: r1 / r0,
      metal: m,
      shading: shade,
    })
    s += cone.svg
    top += h
    const lip = prism(cam, defs, {
      contours: [{ pts: circleContour(r1, 96) }],
      h0: top,
      h1: top + 6,
      metal: m,
      shading: shade,
    })
    s += lip.svg
    top += 6
    s += pocket(cam, defs, {
      pts: circleContour(p.bore, 72),
      top,
      depth: h * 0.9,
      metal: m,
      floorTone: -0.5,
    })
  }
  if (p.hub) {
    const hub = prism(cam, defs, {
      contours: [{ pts: circleContour(p.hub.r, 96) }, ...boreC],
      h0: top,
      h1: top + p.hub.h,
      metal: m,
      shading: shade,
    })
    s +=
      hub.svg +
      `<g transform="${hub.capMatrix}">${lathRings(p.bore ?? 0, p.hub.r, 4, '#ffffff', 0.14)}</g>`
    top += p.hub.h
  }
  return s
}

// ------------------------------------------------------------------ wheel hub

/**
 * Wheel hub standing on its bearing barrel. p: { R, lobes, studs, studAt, barrel:{r,h}, T, pilot:{r,h,bore}, metal,
 *  holes:{n,r,at}, abs, mount:{R,h,bolts} }
 */
export function wheelHub(cam, defs, p) {
  const m = METALS[p.metal ?? 'steel']
  const shade = { amb: 0.07, kd: 0.6, ks: 0.85, shin: 28 }
  let s = discShadow(cam, defs, [0, 0, 0], (p.mount?.R ?? p.barrel.r) * 1.1, {
    opacity: 0.45,
    blur: 10,
  })
  let z = 0
  if (p.mount) {
    // bolted bearing-unit mounting flange (square-ish, 4 bolt ears)
    const f = sdf.union(
      [
        sdf.circle(0, 0, p.mount.R * 0.7),
        ...[0, 1, 2, 3].map((i) =>
          sdf.circle(
            ...polar(0, 0, p.mount.R * 0.82, Math.PI / 4 + (i * TAU) / 4),
            p.mount.R * 0.2,
          ),
        ),
      ],
      p.mount.R * 0.35,
    )
    const holes = [0, 1, 2, 3].map((i) =>
      sdf.circle(...polar(0, 0, p.mount.R * 0.82, Math.PI / 4 + (i * TAU) / 4), p.mount.R * 0.08),
    )
    const c = loopsOf(
      sdf.subtract(f, holes),
      [-p.mount.R * 1.1, -p.mount.R * 1.1, p.mount.R * 1.1, p.mount.R * 1.1],
      3,
    ).map((q) => (q.hole ? { ...q, tone: -0.2 } : q))
    const mf = prism(cam, defs, {
      contours: c,
      h0: z,
      h1: z + p.mount.h,
      metal: METALS[p.mount.metal ?? 'black'],
      capFilter: defs.bevel({ blur: 3, scale: 3, strength: 0.4 }),
    })
    s += mf.svg
    z += p.mount.h
  }
  const barrel = prism(cam, defs, {
    contours: [{ pts: circleContour(p.barrel.r, 96) }],
    h0: z,
    h1: z + p.barrel.h,
    metal: METALS[p.barrel.metal ?? p.metal ?? 'steel'],
    shading: shade,
  })
  s += barrel.svg
  z += p.barrel.h
  if (p.abs) {
    const ring = prism(cam, defs, {
      contours: [
        {
          pts: gearPoints({
            teeth: p.abs,
            rTip: p.barrel.r * 1.12,
            rRoot: p.barrel.r * 1.04,
            tip: 0.2,
            root: 0.22,
            flankSteps: 1,
          }),
        },
      ],
      h0: z - p.barrel.h * 0.45,
      h1: z - p.barrel.h * 0.2,
      metal: METALS.warm,
      shading: shade,
    })
    s += ring.svg
  }
  // flange (lobed or round) with stud seats and through holes
  const fl = [sdf.circle(0, 0, p.R * (p.lobes ? 0.72 : 1))]
  if (p.lobes)
    for (let i = 0; i < p.lobes; i++)
      fl.push(sdf.circle(...polar(0, 0, p.studAt, (i / p.lobes) * TAU), p.R * 0.26))
  const thru = []
  if (p.holes)
    for (let i = 0; i < p.holes.n; i++)
      thru.push(sdf.circle(...polar(0, 0, p.holes.at, ((i + 0.5) / p.holes.n) * TAU), p.holes.r))
  const flC = loopsOf(
    sdf.subtract(sdf.union(fl, p.R * 0.3), thru),
    [-p.R - 40, -p.R - 40, p.R + 40, p.R + 40],
    3,
  ).map((q) => (q.hole ? { ...q, tone: -0.2 } : q))
  const flange = prism(cam, defs, {
    contours: flC,
    h0: z,
    h1: z + p.T,
    metal: m,
    shading: shade,
    capFilter: p.lobes ? defs.bevel({ blur: 3, scale: 3, strength: 0.35 }) : undefined,
  })
  s +=
    flange.svg +
    `<g transform="${flange.capMatrix}">${lathRings(p.pilot.r, p.studAt * 0.82, 4, '#ffffff', 0.14)}</g>`
  z += p.T
  // studs & pilot sorted by depth
  const items = []
  for (let i = 0; i < p.studs; i++) {
    const at = polar(0, 0, p.studAt, (i / p.studs) * TAU)
    items.push({ kind: 'stud', at, depth: cam.project([at[0], at[1], z])[2] })
  }
  items.push({ kind: 'pilot', depth: cam.project([0, 0, z])[2] })
  items.sort((a, b) => a.depth - b.depth)
  const sr = p.studR ?? p.R * 0.055
  const sh = p.studH ?? p.R * 0.42
  for (const it of items) {
    if (it.kind === 'stud') {
      const base = [it.at[0], it.at[1], z]
      s += cylinder(cam, defs, {
        base,
        axis: Z,
        r: sr * 1.5,
        h: 3,
        metal: METALS.steel,
        segments: 36,
      }).svg
      s += cylinder(cam, defs, {
        base: add(base, [0, 0, 3]),
        axis: Z,
        r: sr,
        h: sh,
        metal: METALS[p.studMetal ?? 'warm'],
        segments: 36,
        shading: shade,
      }).wallsSvg
      s += prism(cam, defs, {
        contours: [{ pts: circleContour(sr, 36) }],
        origin: add(base, [0, 0, 3 + sh]),
        h0: 0,
        h1: sr * 0.5,
        scaleTop: 0.7,
        metal: METALS[p.studMetal ?? 'warm'],
      }).svg
      // thread hint rings
      let rings = ''
      for (let k = 1; k < 7; k++) {
        const zz = 3 + sh * (0.35 + k * 0.09)
        const pr = prism(cam, defs, {
          contours: [{ pts: circleContour(sr + 0.4, 24) }],
          origin: add(base, [0, 0, zz]),
          h0: 0,
          h1: 0.8,
          metal: METALS.forged,
          capStroke: false,
        })
        rings += pr.wallsSvg
      }
      s += `<g opacity=".55">${rings}</g>`
    } else {
      const pil = prism(cam, defs, {
        contours: [
          { pts: circleContour(p.pilot.r, 96) },
          {
            pts: gearPoints({
              teeth: p.pilot.splines ?? 24,
              rTip: p.pilot.bore,
              rRoot: p.pilot.bore * 0.9,
              tip: 0.25,
              root: 0.25,
              flankSteps: 1,
            }),
            hole: true,
            tone: -0.3,
          },
        ],
        h0: z,
        h1: z + p.pilot.h,
        metal: m,
        shading: shade,
      })
      s +=
        pil.svg +
        `<g transform="${pil.capMatrix}">${lathRings(p.pilot.bore, p.pilot.r, 3, '#ffffff', 0.2)}</g>`
    }
  }
  return s
}

// ------------------------------------------------------------------ axle shafts

/** Horizontal flanged axle shaft along world x (splined far end, flange + studs near end). */
export function axleShaft(cam, defs, p) {
  const X = [1, 0, 0]
  const eA = [0, 1, 0]
  const eB = [0, 0, 1]
  const m = METALS[p.metal ?? 'steel']
  const polish = { amb: 0.05, kd: 0.5, ks: 1, shin: 30 }
  let x = 0
  let s = ''
  const total = p.splineL + p.shaftL + 40 + p.seatL + p.flangeT + 30
  const floorZ = -(p.flangeR + 20)
  s += blobShadow(
    cam,
    defs,
    [
      [0, -p.r * 1.5, floorZ],
      [total - 30, -p.flangeR, floorZ],
      [total, p.flangeR, floorZ],
      [0, p.r * 1.5, floorZ],
    ],
    { opacity: 0.28, blur: 14 },
  )
  const seg = (contours, len, metal, extra = {}) => {
    const pr = prism(cam, defs, {
      contours,
      origin: [x, 0, 0],
      eA,
      eB,
      eN: X,
      h0: 0,
      h1: len,
      metal,
      ...extra,
    })
    x += len
    return pr
  }
  s += seg([{ pts: circleContour(p.r * 0.8, 40) }], 8, m, { scaleTop: 1.15, shading: polish }).svg
  s += seg(
    [
      {
        pts: gearPoints({
          teeth: p.splines,
          rTip: p.r * 0.94,
          rRoot: p.r * 0.82,
          tip: 0.22,
          root: 0.24,
          flankSteps: 1,
        }),
      },
    ],
    p.splineL,
    m,
    { shading: polish },
  ).svg
  s += seg([{ pts: circleContour(p.r * 0.84, 56) }], 14, METALS.forged).svg
  s += seg([{ pts: circleContour(p.r, 64) }], p.shaftL, METALS[p.shaftMetal ?? 'forged'], {
    scaleTop: 1.12,
  }).svg
  s += seg([{ pts: circleContour(p.r * 1.12, 64) }], 40, m, { scaleTop: 1.5, shading: polish }).svg
  s += seg([{ pts: circleContour(p.r * 1.7, 72) }], p.seatL, m, { shading: polish }).svg
  const holes = []
  for (let i = 0; i < p.holes; i++)
    holes.push({
      pts: circleContour(
        p.flangeR * 0.06,
        24,
        ...polar(0, 0, p.flangeR * 0.55, ((i + 0.5) / p.holes) * TAU),
      ),
      hole: true,
      tone: -0.2,
    })
  const fl = seg([{ pts: circleContour(p.flangeR, 96) }, ...holes], p.flangeT, m, {
    shading: polish,
  })
  s +=
    fl.svg +
    `<g transform="${fl.capMatrix}">${lathRings(p.r * 1.4, p.flangeR, 6, '#ffffff', 0.12)}</g>`
  // studs pointing toward the viewer and pilot boss
  const items = []
  for (let i = 0; i < p.studs; i++) {
    const [a, b] = polar(0, 0, p.flangeR * 0.78, (i / p.studs) * TAU + 0.2)
    items.push({ base: [x, a, b], depth: cam.project([x, a, b])[2], kind: 'stud' })
  }
  items.push({ base: [x, 0, 0], depth: cam.project([x, 0, 0])[2], kind: 'pilot' })
  items.sort((u, v) => u.depth - v.depth)
  for (const it of items) {
    if (it.kind === 'stud') {
      s += cylinder(cam, defs, {
        base: it.base,
        axis: X,
        r: p.flangeR * 0.05,
        h: p.flangeR * 0.32,
        metal: METALS.warm,
        segments: 32,
      }).svg
    } else {
      const pil = prism(cam, defs, {
        contours: [
          { pts: circleContour(p.r * 1.6, 72) },
          { pts: circleContour(p.r * 0.5, 40), hole: true, tone: -0.3 },
        ],
        origin: it.base,
        eA,
        eB,
        eN: X,
        h0: 0,
        h1: 22,
        metal: m,
        shading: polish,
      })
      s += pil.svg
    }
  }
  return s
}

/** Flanged shaft standing upright on its flange (axis = world z). */
export function uprightShaft(cam, defs, p) {
  const m = METALS[p.metal ?? 'steel']
  const polish = { amb: 0.05, kd: 0.5, ks: 1, shin: 30 }
  let s = discShadow(cam, defs, [0, 0, 0], p.flangeR, { opacity: 0.45, blur: 12 })
  let z = 0
  const holes = []
  for (let i = 0; i < p.holes; i++)
    holes.push({
      pts: circleContour(p.holeR, 28, ...polar(0, 0, p.flangeR * 0.74, (i / p.holes) * TAU)),
      hole: true,
      tone: -0.25,
    })
  const lay = (contours, h, metal, extra = {}) => {
    const pr = prism(cam, defs, { contours, h0: z, h1: z + h, metal, shading: polish, ...extra })
    z += h
    return pr
  }
  const fl = lay([{ pts: circleContour(p.flangeR, 120) }, ...holes], p.flangeT, m)
  s +=
    fl.svg + `<g transform="${fl.capMatrix}">${lathRings(p.r, p.flangeR, 7, '#ffffff', 0.12)}</g>`
  s += lay([{ pts: circleContour(p.r * 2, 96) }], p.r * 0.9, m, { scaleTop: 0.62 }).svg
  s += lay([{ pts: circleContour(p.r * 1.24, 72) }], p.seatL, m).svg
  s += lay([{ pts: circleContour(p.r, 72) }], p.shaftL, METALS[p.shaftMetal ?? 'forged'], {
    scaleTop: 0.92,
  }).svg
  s += lay([{ pts: circleContour(p.r * 0.92, 64) }], 10, m).svg
  const sp = lay(
    [
      {
        pts: gearPoints({
          teeth: p.splines,
          rTip: p.r * 0.9,
          rRoot: p.r * 0.78,
          tip: 0.22,
          root: 0.24,
          flankSteps: 1,
        }),
      },
    ],
    p.splineL,
    m,
  )
  s += sp.svg
  s += lay([{ pts: circleContour(p.r * 0.62, 48) }], p.r * 0.7, m).svg
  const tip = lay([{ pts: circleContour(p.r * 0.62, 48) }], 6, m, { scaleTop: 0.85 })
  s +=
    tip.svg +
    `<g transform="${tip.capMatrix}"><circle r="${fmt(p.r * 0.12)}" fill="#0a0c10" opacity=".6"/></g>`
  return s
}

export { lathRings, boltCircleOnCap, projectedLoop, clipPathFor, slotPoints }
export { convexHull, circlePoints, circlePath, ramp, norm, basisFor, cylinder, sdf, sdfContours, Z }
