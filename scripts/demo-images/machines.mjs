// Isometric machine models built from painted boxes and cylinders.
import { METALS } from './svg-kit.mjs'
import { prism, sdf, circleContour } from './solid-render.mjs'
import {
  box,
  vcyl,
  acyl,
  profile,
  paint,
  PAINT,
  HOT,
  glow,
  windowPane,
  hazard,
  stackLight,
  worldPoly,
  placedCamera,
  mesh,
  stripes,
  fmt,
  mix,
  roundRectPath,
} from './scene-kit.mjs'
import { flange, wheelHub } from './parts.mjs'

const HOT_SHADE = { amb: 0.78, kd: 0.25, ks: 0.35, shin: 12 }
const depthOf = (cam, p) => cam.project(p)[2]

/** Draw items ({ depth, svg | fn }) back to front. */
export function painter(items) {
  return items
    .slice()
    .sort((a, b) => a.depth - b.depth)
    .map((i) => (typeof i.svg === 'function' ? i.svg() : i.svg))
    .join('')
}

// ------------------------------------------------------------------ hydraulic forging press

export function press(cam, defs, o) {
  const {
    at,
    W = 230,
    D = 170,
    H = 440,
    color = '#1f4e79',
    accent = '#f28c28',
    hot = true,
    ramZ = 215,
  } = o
  const [cx, cy] = at
  let s = ''
  const base = box(cam, defs, {
    at: [cx - W / 2, cy - D / 2, 0],
    size: [W, D, 72],
    color: '#2a323c',
  })
  s += base.svg + base.deco('front', hazard(defs, 0, 56, W, 12))
  s += box(cam, defs, {
    at: [cx - W * 0.42, cy - D * 0.42, 72],
    size: [W * 0.84, D * 0.84, 16],
    metal: METALS.steel,
  }).svg
  s += box(cam, defs, { at: [cx - 42, cy - 34, 88], size: [84, 68, 18], metal: METALS.forged }).svg
  if (hot) {
    s += glow(cam, defs, [cx, cy, 95], 120, '#ff7a1a', 0.35, 0.55)
    s += vcyl(cam, defs, {
      at: [cx, cy, 106],
      r: 18,
      h: 40,
      metal: HOT,
      shade: HOT_SHADE,
      segments: 40,
    }).svg
  }
  const colZ0 = 88
  const colZ1 = H - 72
  const cols = [
    [cx - W * 0.4, cy - D * 0.36],
    [cx + W * 0.4, cy - D * 0.36],
    [cx - W * 0.4, cy + D * 0.36],
    [cx + W * 0.4, cy + D * 0.36],
  ]
  const items = cols.map((c) => ({
    depth: depthOf(cam, [c[0], c[1], 200]),
    svg: () =>
      vcyl(cam, defs, {
        at: [c[0], c[1], colZ0],
        r: 12,
        h: colZ1 - colZ0,
        metal: METALS.chrome,
        segments: 36,
      }).svg,
  }))
  items.push({
    depth: depthOf(cam, [cx, cy, 200]),
    svg: () => {
      let m = vcyl(cam, defs, {
        at: [cx, cy, ramZ + 46],
        r: 17,
        h: colZ1 - ramZ - 46,
        metal: METALS.chrome,
        segments: 36,
      }).svg
      m += box(cam, defs, {
        at: [cx - 40, cy - 32, ramZ - 18],
        size: [80, 64, 18],
        metal: METALS.forged,
      }).svg
      const ram = box(cam, defs, {
        at: [cx - W * 0.33, cy - D * 0.33, ramZ],
        size: [W * 0.66, D * 0.66, 46],
        color: mix(color, '#ffffff', 0.08),
      })
      m += ram.svg + ram.deco('front', hazard(defs, 0, 38, W * 0.66, 8))
      if (hot) m += glow(cam, defs, [cx, cy - D * 0.33, ramZ], 70, '#ff8a2a', 0.28, 0.5)
      return m
    },
  })
  s += painter(items)
  const crown = box(cam, defs, { at: [cx - W / 2, cy - D / 2, colZ1], size: [W, D, 72], color })
  s +=
    crown.svg + crown.deco('front', `<rect x="0" y="50" width="${W}" height="8" fill="${accent}"/>`)
  for (const c of cols)
    s += vcyl(cam, defs, {
      at: [c[0], c[1], H],
      r: 16,
      h: 10,
      metal: METALS.forged,
      segments: 6,
    }).svg
  s += vcyl(cam, defs, {
    at: [cx, cy, H],
    r: 50,
    h: 50,
    color: mix(color, '#000000', 0.2),
    segments: 56,
  }).svg
  s += vcyl(cam, defs, {
    at: [cx, cy, H + 50],
    r: 40,
    h: 10,
    metal: METALS.steel,
    segments: 56,
  }).svg
  // hydraulic lines down the side
  for (const dy of [-0.1, 0.1]) {
    s += acyl(cam, defs, {
      at: [cx + W / 2 + 8, cy + D * dy, 60],
      axis: [0, 0, 1],
      r: 5,
      h: H - 110,
      metal: METALS.steel,
      segments: 16,
    }).svg
    s += acyl(cam, defs, {
      at: [cx + W / 2 - 2, cy + D * dy, H - 56],
      axis: [1, 0, 0],
      r: 5,
      h: 15,
      metal: METALS.steel,
      segments: 16,
    }).svg
  }
  return s
}

// ------------------------------------------------------------------ CNC machining centre

export function cnc(cam, defs, o) {
  const {
    at,
    W = 260,
    D = 200,
    H = 220,
    body = '#e8ecf0',
    accent = '#1f4e79',
    stripe = '#f28c28',
    lit = 'green',
    interior = '#7fb3d9',
  } = o
  const [x, y] = at
  let s = box(cam, defs, { at: [x - 4, y - 4, 0], size: [W + 8, D + 8, 14], color: '#39424d' }).svg
  const enc = box(cam, defs, { at: [x, y, 14], size: [W, D, H], color: body })
  s += enc.svg
  const wx = W * 0.12
  const ww = W * 0.52
  const wy = 26
  const wh = H * 0.56
  let front = `<rect x="${fmt(W * 0.08)}" y="14" width="${fmt(W * 0.6)}" height="${fmt(H - 40)}" rx="6" fill="${mix(body, '#000000', 0.07)}"/>`
  front += windowPane(defs, wx, wy, ww, wh, { frame: '#39424d', tint: interior, r: 5 })
  // machine interior silhouette: spindle head, tool, vice + part
  front += `<g opacity=".75"><rect x="${fmt(wx + ww * 0.42)}" y="${fmt(wy + 6)}" width="${fmt(ww * 0.2)}" height="${fmt(wh * 0.42)}" fill="#2b3440"/>`
  front += `<rect x="${fmt(wx + ww * 0.49)}" y="${fmt(wy + wh * 0.46)}" width="${fmt(ww * 0.06)}" height="${fmt(wh * 0.18)}" fill="#c7d2dc"/>`
  front += `<rect x="${fmt(wx + ww * 0.3)}" y="${fmt(wy + wh * 0.76)}" width="${fmt(ww * 0.44)}" height="${fmt(wh * 0.12)}" fill="#3b4652"/><rect x="${fmt(wx + ww * 0.44)}" y="${fmt(wy + wh * 0.66)}" width="${fmt(ww * 0.16)}" height="${fmt(wh * 0.1)}" fill="#8c99a6"/></g>`
  front += `<rect x="${fmt(wx + ww + 6)}" y="${fmt(wy + wh * 0.3)}" width="6" height="${fmt(wh * 0.4)}" rx="3" fill="#39424d"/>`
  front += `<rect x="${fmt(W * 0.72)}" y="0" width="${fmt(W * 0.28)}" height="${fmt(H)}" fill="${accent}"/>`
  front += `<rect x="${fmt(W * 0.76)}" y="${fmt(H * 0.16)}" width="${fmt(W * 0.2)}" height="${fmt(H * 0.5)}" rx="4" fill="${mix(accent, '#ffffff', 0.12)}"/>`
  front += `<rect x="0" y="${fmt(H - 16)}" width="${fmt(W)}" height="7" fill="${stripe}"/>`
  s += enc.deco('front', front)
  let side = ''
  for (let i = 0; i < 6; i++)
    side += `<rect x="${fmt(D * 0.2)}" y="${fmt(30 + i * 9)}" width="${fmt(D * 0.45)}" height="4" rx="2" fill="#000" opacity=".14"/>`
  side += `<rect x="0" y="${fmt(H - 16)}" width="${fmt(D)}" height="7" fill="${stripe}"/>`
  s += enc.deco('right', side)
  // control pendant
  const pan = box(cam, defs, { at: [x + W + 6, y - 18, 96], size: [16, 64, 92], color: '#2b333d' })
  s += acyl(cam, defs, {
    at: [x + W, y + 14, 170],
    axis: [1, 0, 0],
    r: 4,
    h: 12,
    metal: METALS.steel,
    segments: 12,
  }).svg
  s += pan.svg
  s += pan.deco(
    'right',
    `<rect x="8" y="8" width="48" height="38" rx="3" fill="#0f2740"/><rect x="12" y="12" width="22" height="6" fill="#38bdf8" opacity=".8"/><rect x="12" y="22" width="36" height="4" fill="#7dd3fc" opacity=".5"/><rect x="12" y="30" width="28" height="4" fill="#7dd3fc" opacity=".5"/><circle cx="16" cy="62" r="5" fill="#ef4444"/><circle cx="32" cy="62" r="5" fill="#22c55e"/><rect x="42" y="56" width="14" height="12" rx="2" fill="#9ca3af"/>`,
  )
  s += stackLight(cam, defs, [x + W - 24, y + 24, 14 + H], lit)
  return s
}

// ------------------------------------------------------------------ heat-treatment furnace

export function furnace(cam, defs, o) {
  const { at, W = 280, D = 230, H = 240, color = '#5b6570', hot = true } = o
  const [x, y] = at
  let s = ''
  if (hot) {
    s += worldPoly(
      cam,
      [
        [x + W * 0.1, y, 0],
        [x + W * 0.9, y, 0],
        [x + W * 1.05, y - 160, 0],
        [x - W * 0.05, y - 160, 0],
      ],
      `fill="${defs.linear(
        [
          [0, '#ff8a2a', 0.45],
          [1, '#ff8a2a', 0],
        ],
        { x1: 0, y1: 0, x2: 0, y2: 1 },
      )}"`,
    )
  }
  const body = box(cam, defs, { at: [x, y, 0], size: [W, D, H], color })
  s += body.svg
  const ox = W * 0.2
  const ow = W * 0.6
  const oy = H * 0.3
  const oh = H * 0.62
  const heat = defs.radial(
    [
      [0, '#fff4c2'],
      [0.35, '#ffb23f'],
      [0.75, '#f06414'],
      [1, '#8a1f05'],
    ],
    { cx: 0.5, cy: 0.6, r: 0.7 },
  )
  let f = `<rect x="${fmt(ox - 12)}" y="${fmt(oy - 12)}" width="${fmt(ow + 24)}" height="${fmt(oh + 12)}" rx="4" fill="#2a2f35"/>`
  f += `<rect x="${fmt(ox)}" y="${fmt(oy)}" width="${fmt(ow)}" height="${fmt(oh)}" fill="${hot ? heat : '#3b3f45'}"/>`
  if (hot) {
    // tray rails and a basket of parts silhouetted against the heat
    f += `<g fill="#7a2a0c" opacity=".85"><rect x="${fmt(ox)}" y="${fmt(oy + oh * 0.78)}" width="${fmt(ow)}" height="5"/>`
    for (let i = 0; i < 5; i++)
      f += `<rect x="${fmt(ox + ow * (0.14 + i * 0.16))}" y="${fmt(oy + oh * 0.5)}" width="${fmt(ow * 0.1)}" height="${fmt(oh * 0.28)}" rx="3"/>`
    f += `<rect x="${fmt(ox + ow * 0.1)}" y="${fmt(oy + oh * 0.47)}" width="${fmt(ow * 0.8)}" height="4"/></g>`
  }
  f += `<rect x="0" y="${fmt(H - 14)}" width="${W}" height="6" fill="#f28c28"/>`
  s += body.deco('front', f)
  let side = ''
  for (let i = 0; i < 4; i++)
    side += `<rect x="${fmt(18 + i * 50)}" y="18" width="36" height="${fmt(H - 50)}" rx="3" fill="#000" opacity=".08"/>`
  s += body.deco('right', side)
  // raised door in guides
  s += box(cam, defs, {
    at: [x + W * 0.1, y - 22, H * 0.55],
    size: [8, 14, H * 0.75],
    metal: METALS.steel,
  }).svg
  s += box(cam, defs, {
    at: [x + W * 0.9 - 8, y - 22, H * 0.55],
    size: [8, 14, H * 0.75],
    metal: METALS.steel,
  }).svg
  const door = box(cam, defs, {
    at: [x + W * 0.14, y - 20, H * 0.88],
    size: [W * 0.72, 16, H * 0.36],
    color: mix(color, '#000000', 0.15),
  })
  s += door.svg + door.deco('front', hazard(defs, 0, H * 0.36 - 12, W * 0.72, 12))
  if (hot) s += glow(cam, defs, [x + W / 2, y - 10, H * 0.5], 150, '#ff8a2a', 0.32, 0.8)
  s += vcyl(cam, defs, { at: [x + W * 0.78, y + D * 0.62, H], r: 20, h: 100, color: '#4b5563' }).svg
  s += vcyl(cam, defs, {
    at: [x + W * 0.78, y + D * 0.62, H + 100],
    r: 26,
    h: 8,
    color: '#374151',
  }).svg
  const cab = box(cam, defs, { at: [x + W + 14, y + 30, 0], size: [64, 80, 200], color: '#d7dce1' })
  s += cab.svg
  s += cab.deco(
    'front',
    `<rect x="6" y="8" width="52" height="184" rx="3" fill="#cbd1d7"/><circle cx="22" cy="40" r="11" fill="#f8fafc" stroke="#475569" stroke-width="3"/><path d="M22 40L29 34" stroke="#ef4444" stroke-width="2.5"/><circle cx="44" cy="40" r="11" fill="#f8fafc" stroke="#475569" stroke-width="3"/><path d="M44 40L38 32" stroke="#ef4444" stroke-width="2.5"/><rect x="14" y="66" width="38" height="22" rx="2" fill="#0f2740"/><rect x="18" y="71" width="20" height="5" fill="#f59e0b"/><circle cx="20" cy="110" r="5" fill="#22c55e"/><circle cx="36" cy="110" r="5" fill="#f59e0b"/><circle cx="52" cy="110" r="5" fill="#ef4444" opacity=".5"/>`,
  )
  return s
}

// ------------------------------------------------------------------ coordinate measuring machine

export function cmm(cam, defs, o) {
  const { at, W = 300, D = 260, probeX = 0.52 } = o
  const [x, y] = at
  let s = box(cam, defs, {
    at: [x + 24, y + 24, 0],
    size: [W - 48, D - 48, 74],
    color: '#cfd6dd',
  }).svg
  const granite = box(cam, defs, { at: [x, y, 74], size: [W, D, 40], color: '#40444b' })
  s += granite.svg
  let dots = ''
  for (let i = 0; i < 40; i++)
    dots += `<circle cx="${fmt((((i * 53) % 97) / 97) * W)}" cy="${fmt((((i * 31) % 89) / 89) * D)}" r="1.4" fill="#fff" opacity=".12"/>`
  s += granite.deco('top', dots)
  // the measured part (a flange) sits on the table
  const pc = placedCamera(cam, [x + W * 0.5, y + D * 0.4, 114], 0.2)
  s += flange(pc, defs, {
    R: 170,
    T: 34,
    holes: 8,
    holeR: 15,
    holeAt: 132,
    bore: 56,
    neck: { r0: 96, r1: 68, h: 118 },
    metal: 'steel',
  })
  const yb = y + D * 0.52
  const legH = 200
  s += box(cam, defs, { at: [x + 8, yb - 16, 114], size: [28, 32, legH], color: '#e8ecf0' }).svg
  s += box(cam, defs, {
    at: [x + W - 36, yb - 16, 114],
    size: [28, 32, legH],
    color: '#e8ecf0',
  }).svg
  const beam = box(cam, defs, { at: [x, yb - 18, 114 + legH], size: [W, 36, 34], color: '#eef1f4' })
  s += beam.svg + beam.deco('front', `<rect x="0" y="24" width="${W}" height="5" fill="#1f4e79"/>`)
  const xc = x + W * probeX
  const car = box(cam, defs, {
    at: [xc - 26, yb - 34, 106 + legH],
    size: [52, 64, 54],
    color: '#1f4e79',
  })
  s += car.svg
  s += box(cam, defs, { at: [xc - 9, yb - 44, 190], size: [18, 18, 150], metal: METALS.alu }).svg
  s += vcyl(cam, defs, {
    at: [xc, yb - 35, 168],
    r: 7,
    h: 22,
    metal: METALS.steel,
    segments: 24,
  }).svg
  s += vcyl(cam, defs, {
    at: [xc, yb - 35, 150],
    r: 2,
    h: 18,
    metal: METALS.chrome,
    segments: 12,
  }).svg
  const tip = cam.project([xc, yb - 35, 150])
  s += `<circle cx="${fmt(tip[0])}" cy="${fmt(tip[1])}" r="4.5" fill="#dc2626"/><circle cx="${fmt(tip[0] - 1.3)}" cy="${fmt(tip[1] - 1.5)}" r="1.6" fill="#fecaca"/>`
  return s
}

// ------------------------------------------------------------------ shot blasting machine

export function shotBlaster(cam, defs, o) {
  const { at, color = '#55786a' } = o
  const [x, y] = at
  const W = 210
  const D = 180
  let s = ''
  // hopper (inverted pyramid) on legs
  for (const [lx, ly] of [
    [x + 6, y + 6],
    [x + W - 18, y + 6],
    [x + 6, y + D - 18],
    [x + W - 18, y + D - 18],
  ])
    s += box(cam, defs, { at: [lx, ly, 0], size: [12, 12, 70], color: '#3b4048' }).svg
  const hb = 40
  s += prism(cam, defs, {
    contours: [
      {
        pts: [
          [-hb, -hb],
          [hb, -hb],
          [hb, hb],
          [-hb, hb],
        ],
      },
    ],
    origin: [x + W / 2, y + D / 2, 0],
    h0: 10,
    h1: 70,
    scaleTop: 2.2,
    metal: paint(mix(color, '#000000', 0.2)),
    shading: PAINT,
  }).svg
  const cab = box(cam, defs, { at: [x, y, 70], size: [W, D, 200], color })
  s += cab.svg
  let door = `<rect x="${fmt(W * 0.16)}" y="30" width="${fmt(W * 0.6)}" height="150" rx="5" fill="${mix(color, '#000000', 0.18)}"/>`
  door += `<rect x="${fmt(W * 0.2)}" y="38" width="${fmt(W * 0.52)}" height="134" rx="3" fill="${mix(color, '#ffffff', 0.06)}"/>`
  door += windowPane(defs, W * 0.36, 52, W * 0.2, 34, { frame: '#2a2f35', tint: '#6b7f8f' })
  door += `<rect x="${fmt(W * 0.66)}" y="100" width="8" height="36" rx="3" fill="#2a2f35"/>`
  door += `<rect x="0" y="186" width="${W}" height="7" fill="#f28c28"/>`
  s += cab.deco('front', door)
  s += box(cam, defs, {
    at: [x + 50, y + 40, 270],
    size: [110, 90, 46],
    color: mix(color, '#ffffff', 0.1),
  }).svg
  // bucket elevator
  const el = box(cam, defs, {
    at: [x + W + 4, y + 40, 0],
    size: [36, 36, 360],
    color: mix(color, '#000000', 0.1),
  })
  s += el.svg
  s += box(cam, defs, { at: [x + W - 2, y + 34, 360], size: [48, 48, 34], color }).svg
  // duct to dust collector
  s += acyl(cam, defs, {
    at: [x + 160, y + 85, 300],
    axis: [1, 0, 0],
    r: 13,
    h: 210,
    metal: METALS.alu,
    segments: 28,
  }).svg
  const dx = x + 380
  const dy = y + 100
  for (const [lx, ly] of [
    [dx - 44, dy - 30],
    [dx + 30, dy - 30],
    [dx - 8, dy + 40],
  ])
    s += box(cam, defs, { at: [lx, ly, 0], size: [10, 10, 90], color: '#3b4048' }).svg
  s += prism(cam, defs, {
    contours: [{ pts: circleContour(14, 40) }],
    origin: [dx, dy, 0],
    h0: 40,
    h1: 90,
    scaleTop: 56 / 14,
    metal: paint('#9aa5b1'),
    shading: PAINT,
  }).svg
  s += vcyl(cam, defs, { at: [dx, dy, 90], r: 56, h: 230, color: '#a7b1bc' }).svg
  s += vcyl(cam, defs, { at: [dx, dy, 320], r: 60, h: 10, color: '#8b96a3' }).svg
  s += acyl(cam, defs, {
    at: [dx - 60, dy - 15, 300],
    axis: [1, 0, 0],
    r: 13,
    h: 10,
    metal: METALS.alu,
    segments: 28,
  }).svg
  // overhead monorail with a hanging workpiece
  s += box(cam, defs, { at: [x - 130, y - 46, 380], size: [380, 14, 14], metal: METALS.forged }).svg
  s += vcyl(cam, defs, {
    at: [x - 70, y - 39, 240],
    r: 2.5,
    h: 140,
    metal: METALS.steel,
    segments: 10,
  }).svg
  const pc = placedCamera(cam, [x - 70, y - 39, 150], 0.42)
  s += wheelHub(pc, defs, {
    R: 150,
    lobes: 5,
    studs: 5,
    studAt: 108,
    barrel: { r: 80, h: 70 },
    T: 20,
    pilot: { r: 56, h: 26, bore: 24 },
    holes: { n: 5, r: 9, at: 86 },
    metal: 'steel',
  }).replace(/<ellipse[^>]*filter[^>]*\/>/, '')
  return s
}

// ------------------------------------------------------------------ industrial robot

export function robot(cam, defs, o) {
  const { at, color = '#f28c28', reach = 1, hot = true } = o
  const [x, y] = at
  let s = vcyl(cam, defs, { at: [x, y, 0], r: 50, h: 26, color: '#2d333a', segments: 56 }).svg
  s += vcyl(cam, defs, { at: [x, y, 26], r: 40, h: 50, color, segments: 56 }).svg
  const sh = [x, 110]
  const el = [x + 80 * reach, 320]
  const wr = [x + 300 * reach, 350]
  const gp = [x + 320 * reach, 290]
  const T = 56
  s += profile(cam, defs, {
    fns: [
      sdf.limb([sh[0], -78], [sh[0], -sh[1]], 40, 40),
      sdf.limb([sh[0], -sh[1]], [el[0], -el[1]], 36, 28),
      sdf.circle(el[0], -el[1], 34),
      sdf.limb([el[0], -el[1]], [wr[0], -wr[1]], 26, 18),
      sdf.circle(wr[0], -wr[1], 20),
    ],
    box: [x - 60, -420, x + 360 * reach, -50],
    origin: [0, y + T / 2, 0],
    h1: T,
    color,
    bevel: true,
  })
  // joint motors on the visible side
  for (const [jx, jz, r] of [
    [sh[0], sh[1], 30],
    [el[0], el[1], 24],
    [wr[0], wr[1], 15],
  ]) {
    s += acyl(cam, defs, {
      at: [jx, y - T / 2, jz],
      axis: [0, -1, 0],
      r,
      h: 12,
      color: '#2d333a',
      segments: 36,
    }).svg
    s += acyl(cam, defs, {
      at: [jx, y - T / 2 - 12, jz],
      axis: [0, -1, 0],
      r: r * 0.45,
      h: 5,
      metal: METALS.steel,
      segments: 24,
    }).svg
  }
  // wrist & gripper
  s += profile(cam, defs, {
    fns: [sdf.limb([wr[0], -wr[1]], [gp[0], -gp[1]], 14, 11), sdf.box(gp[0], -gp[1] + 8, 26, 8, 3)],
    box: [wr[0] - 40, -wr[1] - 30, gp[0] + 40, -gp[1] + 30],
    origin: [0, y + 14, 0],
    h1: 28,
    color: '#3a4048',
  })
  s += box(cam, defs, {
    at: [gp[0] - 26, y - 14, gp[1] - 46],
    size: [8, 28, 38],
    metal: METALS.steel,
  }).svg
  if (hot) {
    s += acyl(cam, defs, {
      at: [gp[0] - 4, y - 30, gp[1] - 50],
      axis: [0, 1, 0],
      r: 16,
      h: 60,
      metal: HOT,
      shade: HOT_SHADE,
      segments: 36,
    }).svg
    s += glow(cam, defs, [gp[0], y - 30, gp[1] - 50], 80, '#ff8a2a', 0.4)
  }
  s += box(cam, defs, {
    at: [gp[0] + 18, y - 14, gp[1] - 46],
    size: [8, 28, 38],
    metal: METALS.steel,
  }).svg
  return s
}

// ------------------------------------------------------------------ safety fence

export function fence(cam, defs, { from, to, h = 190, panels = 3 }) {
  const [x0, y0] = from
  const [x1, y1] = to
  let s = ''
  const m = mesh(defs, '#6b7280', 12)
  for (let i = 0; i <= panels; i++) {
    const t = i / panels
    const px = x0 + (x1 - x0) * t
    const py = y0 + (y1 - y0) * t
    if (i < panels) {
      const qx = x0 + (x1 - x0) * ((i + 1) / panels)
      const qy = y0 + (y1 - y0) * ((i + 1) / panels)
      s += worldPoly(
        cam,
        [
          [px, py, 14],
          [qx, qy, 14],
          [qx, qy, h - 6],
          [px, py, h - 6],
        ],
        `fill="${m}" opacity=".55" stroke="#f5c518" stroke-width="3"`,
      )
    }
    s += box(cam, defs, { at: [px - 4, py - 4, 0], size: [8, 8, h], color: '#f5c518' }).svg
  }
  return s
}

// ------------------------------------------------------------------ conveyor

export function conveyor(cam, defs, { at, len, w = 60, h = 70, parts = [], hot = false }) {
  const [x, y] = at
  let s = ''
  for (let i = 0; i <= Math.floor(len / 120); i++)
    s += box(cam, defs, {
      at: [x + i * 120 + 4, y + 6, 0],
      size: [8, w - 12, h - 10],
      color: '#3b4048',
    }).svg
  const bed = box(cam, defs, { at: [x, y, h - 12], size: [len, w, 12], color: '#2a2f35' })
  s += bed.svg
  let rollers = ''
  for (let a = 6; a < len; a += 14)
    rollers += `<rect x="${fmt(a)}" y="2" width="7" height="${fmt(w - 4)}" rx="3" fill="#8b95a1"/>`
  s += bed.deco('top', rollers)
  s += box(cam, defs, { at: [x, y - 3, h - 16], size: [len, 4, 20], color: '#f5c518' }).svg
  for (const px of parts) {
    s += vcyl(cam, defs, {
      at: [x + px, y + w / 2, h],
      r: 15,
      h: 26,
      metal: hot ? HOT : METALS.forged,
      shade: hot ? HOT_SHADE : undefined,
      segments: 32,
    }).svg
    if (hot) s += glow(cam, defs, [x + px, y + w / 2, h + 14], 48, '#ff8a2a', 0.35)
  }
  return s
}

// ------------------------------------------------------------------ shipping container

export function container(cam, defs, { at, color, len = 240 }) {
  const [x, y, z] = at
  const W = 98
  const H = 104
  const b = box(cam, defs, { at: [x, y, z], size: [len, W, H], color })
  let s = b.svg
  const dark = mix(color, '#000000', 0.25)
  const corr = stripes(defs, {
    pitch: 9,
    light: mix(color, '#ffffff', 0.06),
    dark: mix(color, '#000000', 0.16),
  })
  s += b.deco(
    'front',
    `<rect x="4" y="4" width="${len - 8}" height="${H - 8}" fill="${corr}"/><rect x="0" y="0" width="${len}" height="5" fill="${dark}"/><rect x="0" y="${H - 5}" width="${len}" height="5" fill="${dark}"/><rect x="0" y="0" width="6" height="${H}" fill="${dark}"/><rect x="${len - 6}" y="0" width="6" height="${H}" fill="${dark}"/>`,
  )
  let doors = `<rect x="3" y="3" width="${W - 6}" height="${H - 6}" fill="${mix(color, '#000000', 0.06)}"/><rect x="${W / 2 - 1}" y="3" width="2" height="${H - 6}" fill="${dark}"/>`
  for (const rx of [W * 0.14, W * 0.36, W * 0.64, W * 0.86])
    doors += `<rect x="${fmt(rx - 1.5)}" y="6" width="3" height="${H - 12}" fill="${mix(color, '#000000', 0.35)}"/><rect x="${fmt(rx - 3)}" y="${fmt(H * 0.55)}" width="6" height="9" fill="#9ca3af"/>`
  doors += `<rect x="0" y="0" width="${W}" height="5" fill="${dark}"/><rect x="0" y="${H - 5}" width="${W}" height="5" fill="${dark}"/>`
  s += b.deco('right', doors)
  const roof = stripes(defs, {
    pitch: 10,
    light: mix(color, '#ffffff', 0.16),
    dark: mix(color, '#ffffff', 0.04),
  })
  s += b.deco('top', `<rect x="4" y="4" width="${len - 8}" height="${W - 8}" fill="${roof}"/>`)
  return s
}

// ------------------------------------------------------------------ truck

export function truck(cam, defs, { at, color = '#1f4e79', trailer = '#f28c28', len = 520 }) {
  const [x, y] = at
  let s = ''
  const wheels = (wx) =>
    acyl(cam, defs, {
      at: [wx, y - 2, 22],
      axis: [0, -1, 0],
      r: 22,
      h: 14,
      color: '#1f2226',
      segments: 28,
    }).svg
  for (const wx of [x + 50, x + 90, x + len - 60]) s += wheels(wx)
  s += box(cam, defs, { at: [x, y, 30], size: [len - 110, 96, 16], color: '#2a2f35' }).svg
  s += container(cam, defs, { at: [x + 4, y - 1, 46], color: trailer, len: len - 120 })
  const cab = box(cam, defs, { at: [x + len - 104, y, 22], size: [104, 96, 120], color })
  s += cab.svg
  s += cab.deco(
    'right',
    windowPane(defs, 10, 10, 76, 40, { frame: '#1b2430', tint: '#7ea7c9' }) +
      `<rect x="8" y="92" width="80" height="8" fill="#d1d5db"/>`,
  )
  s += cab.deco('front', windowPane(defs, 60, 10, 36, 36, { frame: '#1b2430', tint: '#7ea7c9' }))
  s += wheels(x + len - 50)
  return s
}

export { roundRectPath }
