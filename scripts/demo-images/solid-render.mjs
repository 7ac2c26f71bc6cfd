// A tiny orthographic "solid" renderer that turns extruded 2D outlines into
// shaded SVG: visible side walls are emitted as flat-lit facets (painter's
// algorithm) and the visible cap as one path with a gradient.
import { fmt, clamp, lerp, mix, TAU, polar } from './svg-kit.mjs'

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const mul = (a, k) => [a[0] * k, a[1] * k, a[2] * k]
const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const norm = (a) => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1
  return [a[0] / l, a[1] / l, a[2] / l]
}
export { dot, add, mul, cross }

/** Interpolate along a metal palette (deep → hi) with t in [0, 1]. */
export function ramp(m, t) {
  const stops = [m.deep, m.dark, m.mid, m.light, m.hi]
  const x = clamp(t, 0, 1) * (stops.length - 1)
  const i = Math.min(stops.length - 2, Math.floor(x))
  return mix(stops[i], stops[i + 1], x - i)
}

/**
 * Orthographic camera. World: x right, y into the scene, z up.
 * yaw/pitch in degrees; pitch is the elevation of the eye above the ground.
 */
export function createCamera({ yaw = -25, pitch = 28, scale = 1, lights } = {}) {
  const ps = Math.sin((yaw * Math.PI) / 180)
  const pc = Math.cos((yaw * Math.PI) / 180)
  const es = Math.sin((pitch * Math.PI) / 180)
  const ec = Math.cos((pitch * Math.PI) / 180)
  const bbox = [Infinity, Infinity, -Infinity, -Infinity]
  const toCam = [-ps * ec, -pc * ec, es]
  const lightList = (
    lights ?? [
      { dir: [-0.55, -0.45, 0.85], i: 1 },
      { dir: [0.85, 0.5, 0.35], i: 0.55 },
      { dir: [0.2, -1, 0.15], i: 0.3 },
    ]
  ).map((l) => ({ dir: norm(l.dir), i: l.i }))

  const cam = {
    toCam,
    bbox,
    vec(v) {
      const x1 = v[0] * pc - v[1] * ps
      const y1 = v[0] * ps + v[1] * pc
      return [scale * x1, scale * (-v[2] * ec - y1 * es)]
    },
    project(p) {
      const x1 = p[0] * pc - p[1] * ps
      const y1 = p[0] * ps + p[1] * pc
      const sx = scale * x1
      const sy = scale * (-p[2] * ec - y1 * es)
      if (sx < bbox[0]) bbox[0] = sx
      if (sy < bbox[1]) bbox[1] = sy
      if (sx > bbox[2]) bbox[2] = sx
      if (sy > bbox[3]) bbox[3] = sy
      return [sx, sy, -y1 * ec + p[2] * es]
    },
    /** Brightness (0..1) of a surface with unit world normal n. */
    intensity(n, { amb = 0.06, kd = 0.62, ks = 0.7, shin = 22 } = {}) {
      let t = amb
      for (const l of lightList) {
        const d = dot(n, l.dir)
        if (d > 0) t += kd * d * l.i
        const h = norm(add(l.dir, toCam))
        const s = dot(n, h)
        if (s > 0) t += ks * Math.pow(s, shin) * l.i
      }
      return t
    },
    /** SVG matrix mapping plane coords (a, b) at origin onto the screen. */
    planeMatrix(origin, eA, eB) {
      const o = cam.project(origin)
      const a = cam.vec(eA)
      const b = cam.vec(eB)
      return `matrix(${fmt(a[0])} ${fmt(a[1])} ${fmt(b[0])} ${fmt(b[1])} ${fmt(o[0])} ${fmt(o[1])})`
    },
  }
  return cam
}

function signedArea(pts) {
  let a = 0
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i]
    const [x1, y1] = pts[(i + 1) % pts.length]
    a += x0 * y1 - x1 * y0
  }
  return a / 2
}

/** Orthonormal basis (eA, eB) perpendicular to axis n. */
export function basisFor(n) {
  n = norm(n)
  const helper = Math.abs(n[2]) < 0.9 ? [0, 0, 1] : [0, 1, 0]
  const eA = norm(cross(helper, n))
  const eB = norm(cross(n, eA))
  return [eA, eB]
}

export function circleContour(r, n = 72, cx = 0, cy = 0, a0 = 0) {
  const pts = []
  for (let i = 0; i < n; i++) pts.push(polar(cx, cy, r, a0 + (i / n) * TAU))
  return pts
}

/**
 * Extruded solid. contours: [{ pts: [[a, b]...], hole?: bool }] in plane coords.
 * origin + a*eA + b*eB + h*eN, h from h0 to h1. Returns { walls, cap, capMatrix }.
 */
export function prism(cam, defs, o) {
  const {
    contours,
    origin = [0, 0, 0],
    eA = [1, 0, 0],
    eB = [0, 1, 0],
    eN = [0, 0, 1],
    h0 = 0,
    h1,
    metal,
    scaleTop = 1,
    shading = {},
    capShading = shading,
    capFilter,
    capStroke = true,
    wallStroke = true,
    capTone = 0,
    twist = 0,
  } = o
  const world = (a, b, h, s = 1) => {
    if (twist && h !== h0) {
      const r = (twist * (h - h0)) / (h1 - h0)
      const c = Math.cos(r)
      const sn = Math.sin(r)
      ;[a, b] = [a * c - b * sn, a * sn + b * c]
    }
    return add(add(add(origin, mul(eA, a * s)), mul(eB, b * s)), mul(eN, h))
  }
  const walls = []
  const topVisible = dot(eN, cam.toCam) > 0
  for (const c of contours) {
    if (c.walls === false) continue
    const pts = c.pts
    const sign = (signedArea(pts) > 0 ? 1 : -1) * (c.hole ? -1 : 1)
    for (let i = 0; i < pts.length; i++) {
      const [a0, b0] = pts[i]
      const [a1, b1] = pts[(i + 1) % pts.length]
      const da = a1 - a0
      const db = b1 - b0
      const len = Math.hypot(da, db) || 1
      const na = (sign * db) / len
      const nb = (-sign * da) / len
      // slope for frusta (scaleTop != 1): normal tilts toward +eN when the top shrinks
      const rad = Math.hypot((a0 + a1) / 2, (b0 + b1) / 2)
      const slope = ((1 - scaleTop) * rad) / Math.max(1e-6, h1 - h0)
      const n = norm(add(add(mul(eA, na), mul(eB, nb)), mul(eN, slope * (c.hole ? -1 : 1))))
      if (dot(n, cam.toCam) <= 0.002) continue
      const q = [
        world(a0, b0, h0),
        world(a1, b1, h0),
        world(a1, b1, h1, scaleTop),
        world(a0, b0, h1, scaleTop),
      ].map((p) => cam.project(p))
      const depth = (q[0][2] + q[1][2] + q[2][2] + q[3][2]) / 4
      const col = ramp(metal, cam.intensity(n, shading) + (c.tone ?? 0))
      walls.push({
        depth,
        svg: `<path d="M${q.map((p) => `${fmt(p[0])} ${fmt(p[1])}`).join('L')}Z" fill="${col}"${wallStroke ? ` stroke="${col}" stroke-width=".7" stroke-linejoin="round"` : ''}/>`,
      })
    }
  }
  walls.sort((p, q) => p.depth - q.depth)
  const hCap = topVisible ? h1 : h0
  const sCap = topVisible ? scaleTop : 1
  const nCap = topVisible ? eN : mul(eN, -1)
  let d = ''
  for (const c of contours) {
    d +=
      'M' +
      c.pts
        .map(([a, b]) => {
          const p = cam.project(world(a, b, hCap, sCap))
          return `${fmt(p[0])} ${fmt(p[1])}`
        })
        .join('L') +
      'Z'
  }
  const t = cam.intensity(nCap, capShading) + capTone
  const fill =
    o.capFill ??
    defs.linear(
      [
        [0, ramp(metal, t + 0.3)],
        [0.34, ramp(metal, t + 0.06)],
        [0.5, ramp(metal, t - 0.14)],
        [0.64, ramp(metal, t + 0.12)],
        [1, ramp(metal, t - 0.22)],
      ],
      { x1: 0.1, y1: 0, x2: 0.9, y2: 1 },
    )
  const cap =
    `<path d="${d}" fill="${fill}" fill-rule="evenodd"${capFilter ? ` filter="${capFilter}"` : ''}/>` +
    (capStroke
      ? `<path d="${d}" fill="none" stroke="${ramp(metal, t + 0.35)}" stroke-opacity=".55" stroke-width=".9"/>`
      : '')
  const capOrigin = add(origin, mul(eN, hCap))
  const tw = topVisible ? twist : 0
  const eAr = add(mul(eA, Math.cos(tw)), mul(eB, Math.sin(tw)))
  const eBr = add(mul(eA, -Math.sin(tw)), mul(eB, Math.cos(tw)))
  const capMatrix = cam.planeMatrix(capOrigin, mul(eAr, sCap), mul(eBr, sCap))
  return {
    walls,
    cap,
    capMatrix,
    tCap: t,
    wallsSvg: walls.map((w) => w.svg).join(''),
    svg: walls.map((w) => w.svg).join('') + cap,
  }
}

/** Cylinder (optionally hollow) along an arbitrary axis starting at base. */
export function cylinder(cam, defs, { base, axis, r, h, holeR, metal, segments = 72, ...rest }) {
  const [eA, eB] = basisFor(axis)
  const contours = [{ pts: circleContour(r, segments) }]
  if (holeR)
    contours.push({
      pts: circleContour(holeR, Math.max(24, Math.round(segments * 0.6))),
      hole: true,
      tone: -0.12,
    })
  return prism(cam, defs, {
    contours,
    origin: base,
    eA,
    eB,
    eN: norm(axis),
    h0: 0,
    h1: h,
    metal,
    ...rest,
  })
}

// ---------- signed distance fields → outlines (marching squares) ----------

export const sdf = {
  circle: (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r,
  /** Capsule with radius tapering from r0 (at p0) to r1 (at p1). */
  limb:
    ([x0, y0], [x1, y1], r0, r1) =>
    (x, y) => {
      const dx = x1 - x0
      const dy = y1 - y0
      const t = clamp(((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy), 0, 1)
      return Math.hypot(x - (x0 + dx * t), y - (y0 + dy * t)) - lerp(r0, r1, t)
    },
  box:
    (cx, cy, hw, hh, r = 0) =>
    (x, y) => {
      const qx = Math.abs(x - cx) - hw + r
      const qy = Math.abs(y - cy) - hh + r
      return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
    },
  smin(a, b, k) {
    const h = Math.max(k - Math.abs(a - b), 0) / k
    return Math.min(a, b) - h * h * k * 0.25
  },
  /** Smooth union of shape functions. */
  union(fns, k = 12) {
    return (x, y) => {
      let d = fns[0](x, y)
      for (let i = 1; i < fns.length; i++) d = sdf.smin(d, fns[i](x, y), k)
      return d
    }
  },
  subtract(base, holes) {
    return (x, y) => {
      let d = base(x, y)
      for (const h of holes) d = Math.max(d, -h(x, y))
      return d
    }
  },
}

/**
 * Extract closed iso-lines (value 0) of field f over [x0,x1]×[y0,y1].
 * Returns contours with hole flags (holes are loops whose interior is outside the shape).
 */
export function sdfContours(f, [x0, y0, x1, y1], cell = 3) {
  const nx = Math.ceil((x1 - x0) / cell) + 1
  const ny = Math.ceil((y1 - y0) / cell) + 1
  const v = new Float64Array(nx * ny)
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) v[j * nx + i] = f(x0 + i * cell, y0 + j * cell)
  const val = (i, j) => (i < 0 || j < 0 || i >= nx || j >= ny ? 1 : v[j * nx + i])
  // edge keys: horizontal edge (i,j)-(i+1,j) = 'h', vertical (i,j)-(i,j+1) = 'v'
  const pt = (key) => {
    const [t, si, sj] = key.split(':')
    const i = +si
    const j = +sj
    const a = val(i, j)
    const b = t === 'h' ? val(i + 1, j) : val(i, j + 1)
    const s = a / (a - b)
    return t === 'h' ? [x0 + (i + s) * cell, y0 + j * cell] : [x0 + i * cell, y0 + (j + s) * cell]
  }
  const next = new Map()
  const seg = (a, b) => next.set(a, b)
  for (let j = -1; j < ny; j++) {
    for (let i = -1; i < nx; i++) {
      const tl = val(i, j) < 0
      const tr = val(i + 1, j) < 0
      const br = val(i + 1, j + 1) < 0
      const bl = val(i, j + 1) < 0
      const T = `h:${i}:${j}`
      const B = `h:${i}:${j + 1}`
      const L = `v:${i}:${j}`
      const R = `v:${i + 1}:${j}`
      const code = (tl ? 8 : 0) | (tr ? 4 : 0) | (br ? 2 : 0) | (bl ? 1 : 0)
      // segments oriented so that the inside is on the left (in y-down screen space → consistent)
      switch (code) {
        case 1:
          seg(B, L)
          break
        case 2:
          seg(R, B)
          break
        case 3:
          seg(R, L)
          break
        case 4:
          seg(T, R)
          break
        case 5: {
          const c = (val(i, j) + val(i + 1, j) + val(i + 1, j + 1) + val(i, j + 1)) / 4 < 0
          if (c) {
            seg(T, L)
            seg(B, R)
          } else {
            seg(T, R)
            seg(B, L)
          }
          break
        }
        case 6:
          seg(T, B)
          break
        case 7:
          seg(T, L)
          break
        case 8:
          seg(L, T)
          break
        case 9:
          seg(B, T)
          break
        case 10: {
          const c = (val(i, j) + val(i + 1, j) + val(i + 1, j + 1) + val(i, j + 1)) / 4 < 0
          if (c) {
            seg(L, B)
            seg(R, T)
          } else {
            seg(L, T)
            seg(R, B)
          }
          break
        }
        case 11:
          seg(R, T)
          break
        case 12:
          seg(L, R)
          break
        case 13:
          seg(B, R)
          break
        case 14:
          seg(L, B)
          break
        default:
          break
      }
    }
  }
  const loops = []
  const seen = new Set()
  for (const start of next.keys()) {
    if (seen.has(start)) continue
    const loop = []
    let k = start
    while (k && !seen.has(k)) {
      seen.add(k)
      loop.push(pt(k))
      k = next.get(k)
    }
    if (loop.length > 4) loops.push(loop)
  }
  // classify with the field: probe just outside along the outward side of the first edge
  return loops
    .map((pts) => {
      const area = signedArea(pts)
      return { pts, hole: null, area }
    })
    .map((c, _i, all) => {
      const maxAbs = Math.max(...all.map((q) => Math.abs(q.area)))
      // the largest loop is the outer outline; loops with opposite orientation are holes
      const outerSign = Math.sign(all.find((q) => Math.abs(q.area) === maxAbs).area)
      return { pts: simplify(c.pts, 0.35), hole: Math.sign(c.area) !== outerSign }
    })
}

/** Drop nearly collinear points (Ramer–Douglas–Peucker, closed loop). */
export function simplify(pts, eps) {
  if (pts.length < 8) return pts
  const rdp = (arr) => {
    if (arr.length < 3) return arr
    const [ax, ay] = arr[0]
    const [bx, by] = arr[arr.length - 1]
    const dx = bx - ax
    const dy = by - ay
    const l = Math.hypot(dx, dy) || 1
    let best = -1
    let bi = 0
    for (let i = 1; i < arr.length - 1; i++) {
      const d = Math.abs((arr[i][0] - ax) * dy - (arr[i][1] - ay) * dx) / l
      if (d > best) {
        best = d
        bi = i
      }
    }
    if (best <= eps) return [arr[0], arr[arr.length - 1]]
    const left = rdp(arr.slice(0, bi + 1))
    const right = rdp(arr.slice(bi))
    return left.slice(0, -1).concat(right)
  }
  const half = Math.floor(pts.length / 2)
  const a = rdp(pts.slice(0, half + 1))
  const b = rdp(pts.slice(half).concat([pts[0]]))
  return a.slice(0, -1).concat(b.slice(0, -1))
}

/** Wrap markup so that the camera bbox fits into box [x, y, w, h]. */
export function fitInto(cam, markup, [x, y, w, h], { maxScale = 10 } = {}) {
  const [bx0, by0, bx1, by1] = cam.bbox
  const s = Math.min(w / (bx1 - bx0), h / (by1 - by0), maxScale)
  const tx = x + (w - (bx1 - bx0) * s) / 2 - bx0 * s
  const ty = y + (h - (by1 - by0) * s) / 2 - by0 * s
  return {
    svg: `<g transform="translate(${fmt(tx)} ${fmt(ty)}) scale(${fmt(s)})">${markup}</g>`,
    scale: s,
    map: ([px, py]) => [tx + px * s, ty + py * s],
    bottom: ty + by1 * s,
    box: [tx + bx0 * s, ty + by0 * s, tx + bx1 * s, ty + by1 * s],
  }
}
