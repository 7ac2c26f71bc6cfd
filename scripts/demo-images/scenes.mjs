// Scene compositions: equipment, carousel banners, news and about images.
// All drawn from primitives; no text anywhere.
import { Defs, svgDoc, createRng, hsl, fmt, mix, METALS, polar, TAU, gearPath } from './svg-kit.mjs'
import { createCamera, prism as prismFn } from './solid-render.mjs'
import {
  box,
  vcyl,
  acyl,
  worldPoly,
  glow,
  sparks,
  person,
  tree,
  windowPane,
  placedCamera,
  fitContain,
  fitCover,
  paint,
  PAINT,
  stripes,
} from './scene-kit.mjs'
import {
  press,
  cnc,
  furnace,
  cmm,
  shotBlaster,
  robot,
  fence,
  conveyor,
  container,
  truck,
  painter,
} from './machines.mjs'
import { gear, wheelHub, conrod, flange } from './parts.mjs'
import { markSvg } from './brand.mjs'

/** Run fn with a fresh bbox and return [markup, bbox]; the camera bbox is restored afterwards. */
function measured(cam, fn) {
  const save = [...cam.bbox]
  cam.bbox.splice(0, 4, Infinity, Infinity, -Infinity, -Infinity)
  const svg = fn()
  const bb = [...cam.bbox]
  cam.bbox.splice(
    0,
    4,
    Math.min(save[0], bb[0]),
    Math.min(save[1], bb[1]),
    Math.max(save[2], bb[2]),
    Math.max(save[3], bb[3]),
  )
  return [svg, bb]
}

const footprint = (cam, defs, [x, y, w, d], opacity = 0.35, blur = 14) =>
  worldPoly(
    cam,
    [
      [x, y, 0],
      [x + w, y, 0],
      [x + w, y + d, 0],
      [x, y + d, 0],
    ],
    `fill="#0b1220" opacity="${opacity}" filter="${defs.blur(blur, 40)}"`,
  )

/** Studio floor: fading grid of floor tiles around a region. */
function studioFloor(cam, defs, [x0, y0, x1, y1], { color = '#94a3b8', step = 60 } = {}) {
  let d = ''
  for (let x = x0; x <= x1; x += step) {
    const a = cam.project([x, y0, 0])
    const b = cam.project([x, y1, 0])
    d += `M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}`
  }
  for (let y = y0; y <= y1; y += step) {
    const a = cam.project([x0, y, 0])
    const b = cam.project([x1, y, 0])
    d += `M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}`
  }
  const c = cam.project([(x0 + x1) / 2, (y0 + y1) / 2, 0])
  const id = defs.id('fm')
  const corners = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => cam.project([x, y, 0]))
  const rx = (Math.max(...corners.map((q) => q[0])) - Math.min(...corners.map((q) => q[0]))) / 2
  const ry = (Math.max(...corners.map((q) => q[1])) - Math.min(...corners.map((q) => q[1]))) / 2
  const rg = defs.radial(
    [
      [0, '#fff', 1],
      [0.55, '#fff', 0.7],
      [1, '#fff', 0],
    ],
    {},
  )
  defs.add(
    `<mask id="${id}" maskUnits="userSpaceOnUse" x="${fmt(c[0] - rx)}" y="${fmt(c[1] - ry)}" width="${fmt(rx * 2)}" height="${fmt(ry * 2)}"><ellipse cx="${fmt(c[0])}" cy="${fmt(c[1])}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="${rg}"/></mask>`,
  )
  const plate = worldPoly(
    cam,
    [
      [x0, y0, 0],
      [x1, y0, 0],
      [x1, y1, 0],
      [x0, y1, 0],
    ],
    `fill="${color}" opacity=".16"`,
  )
  return `<g mask="url(#${id})">${plate}<path d="${d}" stroke="${color}" stroke-opacity=".45" stroke-width="1.2" fill="none"/></g>`
}

function studioBg(defs, W, H, hue) {
  const g = defs.linear(
    [
      [0, hsl(hue, 24, 96)],
      [0.6, hsl(hue, 20, 90)],
      [1, hsl(hue, 18, 82)],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  const v = defs.radial(
    [
      [0, '#ffffff', 0.55],
      [1, '#ffffff', 0],
    ],
    { cx: 0.5, cy: 0.35, r: 0.6 },
  )
  return `<rect width="${W}" height="${H}" fill="${g}"/><rect width="${W}" height="${H}" fill="${v}"/>`
}

// ------------------------------------------------------------------ equipment (800x600)

const EQUIPMENT = [
  {
    hue: 212,
    camera: { yaw: -32, pitch: 28 },
    region: [-260, -240, 260, 220],
    foot: [-125, -95, 250, 190],
    draw: (cam, defs) => press(cam, defs, { at: [0, 0], hot: false, ramZ: 240 }),
  },
  {
    hue: 200,
    camera: { yaw: -36, pitch: 26 },
    region: [-120, -160, 420, 300],
    foot: [-6, -6, 300, 212],
    draw: (cam, defs) => cnc(cam, defs, { at: [0, 0] }),
  },
  {
    hue: 24,
    camera: { yaw: -30, pitch: 24 },
    region: [-120, -260, 460, 300],
    foot: [0, 0, 360, 230],
    draw: (cam, defs) => furnace(cam, defs, { at: [0, 0] }),
  },
  {
    hue: 190,
    camera: { yaw: -28, pitch: 30 },
    region: [-120, -140, 420, 380],
    foot: [10, 10, 280, 240],
    draw: (cam, defs) => cmm(cam, defs, { at: [0, 0] }),
  },
  {
    hue: 150,
    camera: { yaw: -26, pitch: 24 },
    region: [-200, -200, 560, 360],
    foot: [-10, 0, 460, 220],
    draw: (cam, defs) => shotBlaster(cam, defs, { at: [0, 0] }),
  },
  {
    hue: 30,
    camera: { yaw: -22, pitch: 24 },
    region: [-260, -240, 560, 300],
    foot: [-60, -60, 120, 120],
    draw: (cam, defs) => {
      let s = fence(cam, defs, { from: [-200, 180], to: [520, 180], panels: 5 })
      s += press(cam, defs, {
        at: [420, 60],
        W: 150,
        D: 120,
        H: 300,
        ramZ: 170,
        color: '#2f3b47',
        hot: false,
      })
      s += robot(cam, defs, { at: [0, 0] })
      return s
    },
  },
]

export function equipmentSvg(i, W = 800, H = 600) {
  const e = EQUIPMENT[i]
  const defs = new Defs()
  const cam = createCamera(e.camera)
  const [machine, bb] = measured(cam, () => e.draw(cam, defs))
  const floor = studioFloor(cam, defs, e.region, { color: hsl(e.hue, 25, 45) })
  const shadow = footprint(cam, defs, e.foot, 0.32, 16)
  const scene = floor + shadow + machine
  const pad = 46
  return svgDoc(
    W,
    H,
    defs.toString(),
    studioBg(defs, W, H, e.hue) + fitContain(cam, scene, [pad, pad, W - 2 * pad, H - 2 * pad], bb),
  )
}

export { measured, footprint, studioFloor, studioBg }

// ------------------------------------------------------------------ shared interior pieces

/** Floor + back wall (y = y1) + left wall (x = x0) of a hall, with windows and light shafts. */
function hall(cam, defs, o) {
  const {
    x0,
    x1,
    y0,
    y1,
    H,
    floor = '#c9ced4',
    wall = '#dfe3e8',
    side = '#cfd5db',
    dark = false,
    windows = 6,
    beams = true,
    winTint = '#bcd7f0',
  } = o
  let s = ''
  const fl = defs.linear(
    [
      [0, mix(floor, '#ffffff', 0.12)],
      [1, mix(floor, '#000000', 0.12)],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  s += worldPoly(
    cam,
    [
      [x0, y0, 0],
      [x1, y0, 0],
      [x1, y1, 0],
      [x0, y1, 0],
    ],
    `fill="${fl}"`,
  )
  const wg = defs.linear(
    [
      [0, mix(wall, '#000000', dark ? 0.3 : 0.08)],
      [1, wall],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  s += worldPoly(
    cam,
    [
      [x0, y1, 0],
      [x1, y1, 0],
      [x1, y1, H],
      [x0, y1, H],
    ],
    `fill="${wg}"`,
  )
  const sg = defs.linear(
    [
      [0, mix(side, '#000000', dark ? 0.35 : 0.12)],
      [1, side],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  s += worldPoly(
    cam,
    [
      [x0, y0, 0],
      [x0, y1, 0],
      [x0, y1, H],
      [x0, y0, H],
    ],
    `fill="${sg}"`,
  )
  // wall panels, skirting and windows on the back wall
  const back = cam.planeMatrix([x0, y1, H], [1, 0, 0], [0, 0, -1])
  const W = x1 - x0
  let deco = `<rect x="0" y="${fmt(H - 40)}" width="${fmt(W)}" height="40" fill="${mix(wall, '#000000', dark ? 0.45 : 0.18)}"/>`
  for (let x = 120; x < W; x += 240)
    deco += `<rect x="${fmt(x)}" y="0" width="14" height="${fmt(H)}" fill="${mix(wall, '#000000', dark ? 0.4 : 0.1)}"/>`
  const ww = W / windows
  for (let i = 0; i < windows; i++)
    deco += windowPane(defs, i * ww + ww * 0.18, H * 0.1, ww * 0.64, H * 0.34, {
      frame: dark ? '#0f141a' : '#5b6673',
      tint: winTint,
      bars: 2,
      r: 2,
    })
  s += `<g transform="${back}">${deco}</g>`
  // side wall windows
  const left = cam.planeMatrix([x0, y0, H], [0, 1, 0], [0, 0, -1])
  const D = y1 - y0
  let sd = `<rect x="0" y="${fmt(H - 40)}" width="${fmt(D)}" height="40" fill="${mix(side, '#000000', dark ? 0.45 : 0.18)}"/>`
  for (let i = 0; i < Math.floor(windows * (D / W)); i++)
    sd += windowPane(defs, i * ww + ww * 0.2, H * 0.1, ww * 0.6, H * 0.34, {
      frame: dark ? '#0f141a' : '#5b6673',
      tint: winTint,
      bars: 2,
      r: 2,
    })
  s += `<g transform="${left}">${sd}</g>`
  if (beams) {
    const bg = defs.linear(
      [
        [0, '#ffffff', dark ? 0.16 : 0.3],
        [1, '#ffffff', 0],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )
    for (let i = 0; i < windows; i++) {
      const a = x0 + i * ww + ww * 0.18
      const b = a + ww * 0.64
      const zt = H * 0.9
      const L = H * 1.1
      s += worldPoly(
        cam,
        [
          [a, y1, zt],
          [b, y1, zt],
          [b + L * 0.25, y1 - L, 0],
          [a + L * 0.25, y1 - L * 0.62, 0],
        ],
        `fill="${bg}"`,
      )
    }
  }
  return s
}

function floorLines(cam, pts, color) {
  return worldPoly(cam, pts, `fill="${color}" opacity=".9"`)
}

/** Stack of gears (finished goods) at world point p using the gear drawer. */
function gearStack(cam, defs, p, k, specs) {
  const pc = placedCamera(cam, p, k)
  let s = ''
  let z = 0
  for (const g of specs) {
    s += gear(pc, defs, { ...g, origin: [0, 0, z] })
    z += g.hub && g.hub.top > g.T ? g.hub.top : g.T
  }
  return s
}

function darkVignette(defs, W, H, strength = 0.55) {
  const v = defs.radial(
    [
      [0, '#000', 0],
      [0.6, '#000', strength * 0.25],
      [1, '#000', strength],
    ],
    { cx: 0.5, cy: 0.45, r: 0.75 },
  )
  return `<rect width="${W}" height="${H}" fill="${v}"/>`
}

// ------------------------------------------------------------------ carousel banners (1200x560)

function carouselForge(W, H, out) {
  const defs = new Defs()
  const rng = createRng(1101)
  const cam = createCamera({ yaw: -30, pitch: 18 })
  let s = hall(cam, defs, {
    x0: -1400,
    x1: 1400,
    y0: -900,
    y1: 700,
    H: 820,
    floor: '#2b3038',
    wall: '#2a323d',
    side: '#222a33',
    dark: true,
    windows: 7,
    winTint: '#4f7ea8',
  })
  // floor glow
  s += worldPoly(
    cam,
    [
      [-500, -400, 0],
      [500, -400, 0],
      [500, 400, 0],
      [-500, 400, 0],
    ],
    `fill="${defs.radial(
      [
        [0, '#ff7a1a', 0.42],
        [0.5, '#ff6a00', 0.12],
        [1, '#ff6a00', 0],
      ],
      {},
    )}"`,
  )
  // background press (dim) for depth
  s += `<g opacity=".55">${press(cam, defs, { at: [-620, 420], W: 200, D: 150, H: 400, color: '#243446', hot: false, ramZ: 230 })}</g>`
  s += press(cam, defs, {
    at: [0, 0],
    W: 250,
    D: 180,
    H: 470,
    color: '#1f4e79',
    hot: true,
    ramZ: 236,
  })
  s += robot(cam, defs, { at: [-330, 20], reach: 0.62, hot: true })
  s += sparks(cam, defs, rng, [0, -20, 130], { n: 46, len: 24, spread: 130, up: -0.5, arc: 0.42 })
  s += glow(cam, defs, [0, 0, 126], 260, '#ff7a1a', 0.25, 0.7)
  const frame = bboxOfScene(cam, [
    [-900, -360, 0],
    [760, -360, 0],
    [0, 0, 620],
    [-900, 200, 400],
    [760, 300, 300],
  ])
  const body = fitCover(cam, s, W, H, { box: frame, focus: [0.56, 0.47], zoom: 1.1 })
  return svgDoc(
    W,
    H,
    defs.toString(),
    `<rect width="${W}" height="${H}" fill="#0d1117"/>` + body + darkVignette(defs, W, H, 0.5),
    out?.[0] ?? W,
    out?.[1] ?? H,
  )
}

function carouselCnc(W, H, out) {
  const defs = new Defs()
  const rng = createRng(1202)
  const cam = createCamera({ yaw: -38, pitch: 24 })
  let s = hall(cam, defs, {
    x0: -900,
    x1: 1900,
    y0: -900,
    y1: 520,
    H: 620,
    floor: '#cfd6dc',
    wall: '#e4e8ec',
    side: '#d6dce2',
    windows: 8,
  })
  // walkway markings
  s += floorLines(
    cam,
    [
      [-900, -250, 0],
      [1900, -250, 0],
      [1900, -238, 0],
      [-900, -238, 0],
    ],
    '#f5c518',
  )
  s += floorLines(
    cam,
    [
      [-900, -430, 0],
      [1900, -430, 0],
      [1900, -418, 0],
      [-900, -418, 0],
    ],
    '#f5c518',
  )
  s += worldPoly(
    cam,
    [
      [-900, -418, 0],
      [1900, -418, 0],
      [1900, -250, 0],
      [-900, -250, 0],
    ],
    'fill="#7fa68a" opacity=".22"',
  )
  const accents = ['#1f4e79', '#1f4e79', '#1f4e79', '#1f4e79', '#1f4e79']
  const lits = ['green', 'green', 'amber', 'green', 'green']
  for (let i = 0; i < 5; i++) {
    s += footprint(cam, defs, [i * 360 - 380, -10, 320, 230], 0.25, 12)
    s += cnc(cam, defs, { at: [i * 360 - 380, 0], accent: accents[i], lit: lits[i] })
  }
  // pallets with crates of finished parts
  for (const [px, py] of [
    [-330, -200],
    [-120, -190],
  ]) {
    s += box(cam, defs, { at: [px, py, 0], size: [150, 110, 14], color: '#b08a5a' }).svg
    const crate = box(cam, defs, {
      at: [px + 8, py + 8, 14],
      size: [134, 94, 70],
      color: '#3f6e9c',
    })
    s +=
      crate.svg +
      crate.deco(
        'front',
        '<rect x="8" y="10" width="118" height="8" rx="3" fill="#000" opacity=".15"/><rect x="0" y="60" width="134" height="10" fill="#f28c28"/>',
      )
  }
  s += gearStack(cam, defs, [-60, -140, 84], 0.2, [
    { teeth: 30, rTip: 190, depth: 15, T: 40, metal: 'steel', hub: { r: 60, top: 40, bore: 30 } },
    {
      teeth: 30,
      rTip: 190,
      depth: 15,
      T: 40,
      metal: 'steel',
      phase: 0.05,
      hub: { r: 60, top: 40, bore: 30 },
    },
  ])
  s += person(cam, rng, [560, -150, 0], 165, {
    pose: 'tablet',
    shirt: '#334155',
    vest: '#f28c28',
    helmet: '#ffffff',
  })
  s += person(cam, rng, [-150, -330, 0], 165, {
    shirt: '#1f4e79',
    vest: '#facc15',
    helmet: '#f28c28',
  })
  const frame = bboxOfScene(cam, [
    [-420, -420, 0],
    [1500, -300, 0],
    [1500, 260, 250],
    [-420, 260, 300],
  ])
  const body = fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.5] })
  return svgDoc(
    W,
    H,
    defs.toString(),
    `<rect width="${W}" height="${H}" fill="#dfe4e9"/>` + body,
    out?.[0] ?? W,
    out?.[1] ?? H,
  )
}

function carouselGears(W, H, out) {
  const defs = new Defs()
  const rng = createRng(1303)
  const cam = createCamera({ yaw: -24, pitch: 30 })
  // warm workshop bokeh background
  const bg = defs.linear(
    [
      [0, '#2b2118'],
      [0.55, '#4a3a2b'],
      [1, '#1c1712'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  )
  let back = `<rect width="${W}" height="${H}" fill="${bg}"/>`
  for (let i = 0; i < 26; i++) {
    const x = rng.range(0, W)
    const y = rng.range(0, H * 0.7)
    const r = rng.range(14, 60)
    const c = rng.pick(['#ffcf8a', '#ffb45c', '#fff0d0', '#9cc3e8'])
    back += `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" fill="${c}" opacity="${fmt(rng.range(0.06, 0.2))}" filter="${defs.blur(3, 30)}"/>`
  }
  // steel bench top
  let s = worldPoly(
    cam,
    [
      [-900, -600, 0],
      [1500, -600, 0],
      [1500, 700, 0],
      [-900, 700, 0],
    ],
    `fill="${defs.linear(
      [
        [0, '#6d6a66'],
        [1, '#3a3734'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )}"`,
  )
  s += worldPoly(
    cam,
    [
      [-900, -600, 0],
      [1500, -600, 0],
      [1500, -600, -60],
      [-900, -600, -60],
    ],
    'fill="#24211e"',
  )
  const spur = (teeth, rTip, metal, extra = {}) => ({
    teeth,
    rTip,
    depth: rTip * 0.08,
    T: rTip * 0.2,
    metal,
    ...extra,
  })
  const stacks = [
    {
      p: [-360, 260, 0],
      k: 0.9,
      g: [
        spur(40, 200, 'steel', {
          hub: { r: 60, top: 40, bore: 30 },
          lighten: { n: 6, r: 22, at: 125 },
        }),
        spur(40, 200, 'steel', {
          hub: { r: 60, top: 40, bore: 30 },
          lighten: { n: 6, r: 22, at: 125 },
          phase: 0.05,
        }),
        spur(40, 200, 'steel', {
          hub: { r: 60, top: 40, bore: 30 },
          lighten: { n: 6, r: 22, at: 125 },
          phase: 0.02,
        }),
      ],
    },
    {
      p: [260, 330, 0],
      k: 0.8,
      g: [
        spur(30, 170, 'warm', { hub: { r: 52, top: 34, bore: 24, key: true } }),
        spur(30, 170, 'warm', { hub: { r: 52, top: 34, bore: 24, key: true }, phase: 0.04 }),
        spur(30, 170, 'warm', { hub: { r: 52, top: 34, bore: 24, key: true }, phase: 0.09 }),
        spur(30, 170, 'warm', { hub: { r: 52, top: 34, bore: 24, key: true }, phase: 0.02 }),
      ],
    },
    {
      p: [-40, -10, 0],
      k: 1.05,
      g: [
        {
          teeth: 34,
          rTip: 190,
          depth: 17,
          T: 56,
          twist: 0.22,
          metal: 'blued',
          hub: { r: 60, top: 56, bore: 30, key: true },
        },
        {
          teeth: 34,
          rTip: 190,
          depth: 17,
          T: 56,
          twist: 0.22,
          metal: 'blued',
          phase: 0.05,
          hub: { r: 60, top: 76, bore: 30, key: true },
        },
      ],
    },
    {
      p: [560, -60, 0],
      k: 0.75,
      g: [spur(22, 150, 'chrome', { hub: { r: 46, top: 50, bore: 20 } })],
    },
    {
      p: [-620, -60, 0],
      k: 0.7,
      g: [spur(18, 120, 'forged', { hub: { r: 40, top: 44, bore: 18, key: true } })],
    },
  ]
  const items = stacks.map((st) => ({
    depth: cam.project(st.p)[2],
    svg: () => gearStack(cam, defs, st.p, st.k, st.g),
  }))
  s += painter(items)
  const frame = bboxOfScene(cam, [
    [-800, -260, 0],
    [800, -260, 0],
    [800, 460, 0],
    [-800, 460, 0],
    [0, 0, 160],
  ])
  const light = defs.radial(
    [
      [0, '#ffe2b8', 0.28],
      [1, '#ffe2b8', 0],
    ],
    { cx: 0.35, cy: 0.2, r: 0.7 },
  )
  const body = fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.47], zoom: 0.9 })
  const warm = `<rect width="${W}" height="${H}" fill="#ff9a3c" opacity=".1"/>`
  return svgDoc(
    W,
    H,
    defs.toString(),
    back +
      body +
      warm +
      `<rect width="${W}" height="${H}" fill="${light}"/>` +
      darkVignette(defs, W, H, 0.5),
    out?.[0] ?? W,
    out?.[1] ?? H,
  )
}

/** bbox of world points without touching the camera's running bbox. */
function bboxOfScene(cam, pts) {
  const save = [...cam.bbox]
  const q = pts.map((p) => cam.project(p))
  cam.bbox.splice(0, 4, ...save)
  return [
    Math.min(...q.map((v) => v[0])),
    Math.min(...q.map((v) => v[1])),
    Math.max(...q.map((v) => v[0])),
    Math.max(...q.map((v) => v[1])),
  ]
}

export const CAROUSEL = [carouselForge, carouselCnc, carouselGears]

// ------------------------------------------------------------------ news (800x450)

function newsBooth(W, H) {
  const defs = new Defs()
  const rng = createRng(2101)
  const cam = createCamera({ yaw: -34, pitch: 26 })
  // exhibition hall floor and neighbouring booths
  let s = worldPoly(
    cam,
    [
      [-1200, -900, 0],
      [1800, -900, 0],
      [1800, 1200, 0],
      [-1200, 1200, 0],
    ],
    `fill="${defs.linear(
      [
        [0, '#d8d4cc'],
        [1, '#b9b4ab'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )}"`,
  )
  s += worldPoly(
    cam,
    [
      [-1200, -260, 0.5],
      [1800, -260, 0.5],
      [1800, -120, 0.5],
      [-1200, -120, 0.5],
    ],
    'fill="#9b2f2f" opacity=".55"',
  )
  s += `<g opacity=".8">${box(cam, defs, { at: [-900, 300, 0], size: [420, 20, 280], color: '#cbd5e1' }).svg}</g>`
  // booth platform (carpet)
  s += box(cam, defs, { at: [0, 0, 0], size: [640, 440, 8], color: '#1f4e79' }).svg
  // back wall with brand graphic (logo mark, no text)
  const back = box(cam, defs, { at: [0, 440, 8], size: [640, 24, 330], color: '#f4f6f8' })
  let g = `<path d="M0 0H${640}V330H0Z" fill="#f7f8fa"/><path d="M380 0H640V330H200Z" fill="#1f4e79"/><path d="M330 0H380L200 330H150Z" fill="#f28c28"/>`
  g += markSvg({ x: 430, y: 70, size: 170, gear: '#ffffff', anvil: '#f28c28' })
  g += `<rect x="40" y="60" width="110" height="6" rx="3" fill="#1f4e79" opacity=".25"/><rect x="40" y="76" width="70" height="6" rx="3" fill="#1f4e79" opacity=".18"/>`
  s += back.svg + back.deco('front', g)
  // side wall with a screen
  const side = box(cam, defs, { at: [-24, 0, 8], size: [24, 464, 330], color: '#1b3f62' })
  s += side.svg
  // truss with spotlights
  s += box(cam, defs, { at: [0, 200, 330], size: [640, 14, 14], metal: METALS.alu }).svg
  const spots = [
    [130, 150],
    [330, 110],
    [520, 210],
  ]
  const beam = defs.linear(
    [
      [0, '#fff8e1', 0.42],
      [1, '#fff8e1', 0],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  for (const [sx, sy] of spots) {
    s += worldPoly(
      cam,
      [
        [sx - 12, 200, 322],
        [sx + 12, 200, 322],
        [sx + 80, sy - 40, 130],
        [sx - 60, sy - 40, 130],
      ],
      `fill="${beam}"`,
    )
  }
  for (const [sx] of spots)
    s += acyl(cam, defs, {
      at: [sx, 207, 322],
      axis: [0, -0.6, -0.8],
      r: 11,
      h: 26,
      color: '#1f2937',
      segments: 24,
    }).svg
  // plinths with parts on display
  const plinth = (x, y) => {
    const b = box(cam, defs, { at: [x - 45, y - 45, 8], size: [90, 90, 110], color: '#ffffff' })
    return b.svg + b.deco('front', '<rect x="0" y="96" width="90" height="6" fill="#f28c28"/>')
  }
  const items = [
    {
      p: [130, 150],
      draw: () =>
        gear(placedCamera(cam, [130, 150, 118], 0.2), defs, {
          teeth: 30,
          rTip: 190,
          depth: 17,
          T: 60,
          twist: 0.25,
          metal: 'blued',
          hub: { r: 60, top: 80, bore: 30, key: true },
        }),
    },
    {
      p: [330, 110],
      draw: () =>
        wheelHub(placedCamera(cam, [330, 110, 118], 0.26), defs, {
          R: 150,
          lobes: 5,
          studs: 5,
          studAt: 108,
          barrel: { r: 80, h: 70 },
          T: 20,
          pilot: { r: 56, h: 26, bore: 24 },
          holes: { n: 5, r: 9, at: 86 },
          metal: 'steel',
        }),
    },
    {
      p: [520, 210],
      draw: () =>
        conrod(placedCamera(cam, [520, 210, 118], 0.2), defs, {
          L: 300,
          Rb: 78,
          rb: 52,
          Rs: 40,
          rs: 22,
          T: 30,
          w0: 62,
          w1: 40,
          yaw: 1.35,
          metal: 'steel',
          style: 'I',
          split: 'bolt',
        }),
    },
  ]
  const ordered = items.map((it) => ({
    depth: cam.project([it.p[0], it.p[1], 0])[2],
    svg: () => plinth(it.p[0], it.p[1]) + it.draw(),
  }))
  // counter and visitors
  ordered.push({
    depth: cam.project([250, -60, 0])[2],
    svg: () =>
      person(cam, rng, [250, -60, 8], 165, {
        shirt: '#1f4e79',
        pants: '#1e293b',
        vest: null,
        helmet: null,
        pose: 'point',
        hair: '#3b2a1e',
      }),
  })
  ordered.push({
    depth: cam.project([430, -130, 0])[2],
    svg: () =>
      person(cam, rng, [430, -130, 0], 160, {
        shirt: '#f28c28',
        pants: '#334155',
        vest: null,
        helmet: null,
        pose: 'stand',
        hair: '#111827',
      }),
  })
  s += painter(ordered)
  s += person(cam, rng, [60, -230, 0], 168, {
    shirt: '#6b7280',
    pants: '#1f2937',
    vest: null,
    helmet: null,
    pose: 'tablet',
    hair: '#6b4f3a',
  })
  s += person(cam, rng, [-80, -160, 0], 162, {
    shirt: '#7c2d12',
    pants: '#1f2937',
    vest: null,
    helmet: null,
    pose: 'stand',
    hair: '#1f1a17',
  })
  s +=
    vcyl(cam, defs, { at: [40, 60, 8], r: 22, h: 40, color: '#e5e7eb' }).svg +
    tree(cam, defs, rng, [40, 60, 48], 60, 120)
  const frame = bboxOfScene(cam, [
    [-120, -260, 0],
    [700, -260, 0],
    [700, 480, 350],
    [-120, 480, 350],
  ])
  const hallBg = defs.linear(
    [
      [0, '#3b4350'],
      [1, '#6b7280'],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  return svgDoc(
    W,
    H,
    defs.toString(),
    `<rect width="${W}" height="${H}" fill="${hallBg}"/>` +
      fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.5], zoom: 0.98 }),
  )
}

function newsPressLine(W, H) {
  const defs = new Defs()
  const rng = createRng(2202)
  const cam = createCamera({ yaw: -40, pitch: 22 })
  let s = hall(cam, defs, {
    x0: -700,
    x1: 1800,
    y0: -900,
    y1: 600,
    H: 700,
    floor: '#aeb5bd',
    wall: '#d5dae0',
    side: '#c4cbd2',
    windows: 7,
  })
  s += floorLines(
    cam,
    [
      [-700, -300, 0],
      [1800, -300, 0],
      [1800, -288, 0],
      [-700, -288, 0],
    ],
    '#f5c518',
  )
  s += fence(cam, defs, { from: [-500, 330], to: [1500, 330], panels: 8 })
  const colors = ['#1f4e79', '#1f4e79', '#1f4e79']
  for (let i = 0; i < 3; i++)
    s +=
      footprint(cam, defs, [i * 460 - 380, 0, 290, 240], 0.28) +
      press(cam, defs, {
        at: [i * 460 - 240, 120],
        W: 250,
        D: 180,
        H: 460,
        color: colors[i],
        hot: i === 1,
        ramZ: 230 + i * 20,
      })
  s += conveyor(cam, defs, {
    at: [-500, -140],
    len: 1800,
    parts: [80, 360, 700, 980, 1260, 1540],
    hot: true,
  })
  s += person(cam, rng, [560, -240, 0], 165, {
    pose: 'point',
    shirt: '#1f4e79',
    vest: '#f28c28',
    helmet: '#ffffff',
    facing: -1,
  })
  s += sparks(cam, defs, rng, [220, 120, 130], { n: 20, len: 18, spread: 90 })
  const frame = bboxOfScene(cam, [
    [-520, -300, 0],
    [1200, -300, 0],
    [1200, 300, 520],
    [-520, 300, 520],
  ])
  return svgDoc(
    W,
    H,
    defs.toString(),
    `<rect width="${W}" height="${H}" fill="#cfd5db"/>` +
      fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.45] }),
  )
}

function newsCertificate(W, H) {
  const defs = new Defs()
  const rng = createRng(2303)
  const wall = defs.linear(
    [
      [0, '#ece7df'],
      [1, '#d9d2c6'],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  let s = `<rect width="${W}" height="${H}" fill="${wall}"/>`
  s += `<rect width="${W}" height="${H}" fill="${defs.radial(
    [
      [0, '#fffaf0', 0.7],
      [1, '#fffaf0', 0],
    ],
    { cx: 0.42, cy: 0.05, r: 0.7 },
  )}"/>`
  // wainscoting
  s += `<rect y="${H * 0.8}" width="${W}" height="${H * 0.2}" fill="#b9a88f"/><rect y="${H * 0.8}" width="${W}" height="6" fill="#8f7d65"/>`
  for (let x = 20; x < W; x += 150)
    s += `<rect x="${x}" y="${H * 0.8 + 18}" width="126" height="${H * 0.2 - 30}" rx="3" fill="none" stroke="#a69479" stroke-width="3"/>`
  // main certificate frame
  const fx = 200
  const fy = 60
  const fw = 280
  const fh = 300
  s += `<rect x="${fx + 10}" y="${fy + 16}" width="${fw}" height="${fh}" fill="#000" opacity=".28" filter="${defs.blur(9)}"/>`
  const gold = defs.linear(
    [
      [0, '#f6dc8c'],
      [0.3, '#b8892c'],
      [0.6, '#f2d27a'],
      [1, '#8a6318'],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  )
  s += `<rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" fill="${gold}"/>`
  s += `<rect x="${fx + 12}" y="${fy + 12}" width="${fw - 24}" height="${fh - 24}" fill="#fbfaf6"/>`
  const px = fx + 30
  const py = fy + 30
  const pw = fw - 60
  const ph = fh - 60
  s += `<rect x="${px}" y="${py}" width="${pw}" height="${ph}" fill="#fffdf5" stroke="#d8c79a" stroke-width="1"/>`
  // guilloche border made from interfering sine waves
  let gl = ''
  for (let k = 0; k < 3; k++) {
    let d = ''
    const per = pw + ph
    for (let i = 0; i <= 400; i++) {
      const t = i / 400
      const along = t * 2 * per
      let x
      let y
      if (along < pw) [x, y] = [px + along, py + 8]
      else if (along < pw + ph) [x, y] = [px + pw - 8, py + along - pw]
      else if (along < 2 * pw + ph) [x, y] = [px + pw - (along - pw - ph), py + ph - 8]
      else [x, y] = [px + 8, py + ph - (along - 2 * pw - ph)]
      const off = 4 * Math.sin(t * 160 + k * 2.1)
      const horiz = along < pw || (along >= pw + ph && along < 2 * pw + ph)
      if (horiz) y += off
      else x += off
      d += `${i ? 'L' : 'M'}${fmt(x)} ${fmt(y)}`
    }
    gl += `<path d="${d}" fill="none" stroke="${['#1f4e79', '#3b82c4', '#b8892c'][k]}" stroke-width=".8" opacity=".55"/>`
  }
  s += gl
  // headline and body as abstract bars (no readable text)
  s += `<rect x="${px + pw * 0.2}" y="${py + 34}" width="${pw * 0.6}" height="12" rx="3" fill="#1f4e79"/>`
  s += `<rect x="${px + pw * 0.3}" y="${py + 54}" width="${pw * 0.4}" height="6" rx="3" fill="#9aa7b6"/>`
  for (let i = 0; i < 6; i++) {
    const w = pw * rng.range(0.45, 0.75)
    s += `<rect x="${fmt(px + (pw - w) / 2)}" y="${fmt(py + 82 + i * 13)}" width="${fmt(w)}" height="4" rx="2" fill="#c4cbd4"/>`
  }
  // signature squiggles
  for (const sx of [px + 24, px + pw - 84]) {
    s += `<path d="M${sx} ${py + ph - 36}c8-14 14 6 20-4s10-10 14 2 8 4 16-6 10 4 14 0" fill="none" stroke="#23395d" stroke-width="1.6"/><rect x="${sx - 4}" y="${py + ph - 26}" width="66" height="1.5" fill="#9aa7b6"/>`
  }
  // gold seal with ribbons
  const cx = px + pw / 2
  const cy = py + ph - 40
  s += `<path d="M${cx - 14} ${cy}L${cx - 26} ${cy + 44}L${cx - 14} ${cy + 36}L${cx - 6} ${cy + 48}L${cx + 2} ${cy}Z" fill="#1f4e79"/><path d="M${cx + 14} ${cy}L${cx + 26} ${cy + 44}L${cx + 14} ${cy + 36}L${cx + 6} ${cy + 48}L${cx - 2} ${cy}Z" fill="#f28c28"/>`
  let star = ''
  for (let i = 0; i < 48; i++) {
    const r = i % 2 ? 21 : 27
    const [x, y] = polar(cx, cy, r, (i / 48) * TAU)
    star += `${i ? 'L' : 'M'}${fmt(x)} ${fmt(y)}`
  }
  s += `<path d="${star}Z" fill="${gold}"/><circle cx="${cx}" cy="${cy}" r="17" fill="none" stroke="#8a6318" stroke-width="1.5"/><circle cx="${cx}" cy="${cy}" r="12" fill="#d9b04f"/>`
  s += `<g transform="translate(${cx - 9} ${cy - 9}) scale(0.28)"><path d="${gearPath({ teeth: 10, rTip: 30, rRoot: 25 }).replace(/M/, 'M')}" transform="translate(32 32)" fill="#8a6318"/></g>`
  // second smaller frame: abstract photo of the plant
  const sx2 = 540
  const sy2 = 110
  s += `<rect x="${sx2 + 8}" y="${sy2 + 12}" width="150" height="190" fill="#000" opacity=".25" filter="${defs.blur(8)}"/>`
  s += `<rect x="${sx2}" y="${sy2}" width="150" height="190" fill="#2b2b2b"/><rect x="${sx2 + 10}" y="${sy2 + 10}" width="130" height="170" fill="#f3f1ec"/>`
  s += `<rect x="${sx2 + 22}" y="${sy2 + 22}" width="106" height="146" fill="${defs.linear(
    [
      [0, '#a9c7e6'],
      [1, '#e7eef5'],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )}"/>`
  s += `<path d="M${sx2 + 22} ${sy2 + 130}h106v38h-106z" fill="#7a8f6e"/><path d="M${sx2 + 34} ${sy2 + 130}v-40l18-12v12l18-12v12l18-12v12l18-12v52z" fill="#1f4e79"/><rect x="${sx2 + 92}" y="${sy2 + 60}" width="8" height="30" fill="#64748b"/>`
  // small award plaque frame on the left
  s += `<rect x="${78}" y="${136}" width="86" height="110" fill="#000" opacity=".22" filter="${defs.blur(6)}"/><rect x="70" y="126" width="86" height="110" rx="3" fill="#5a3d24"/><rect x="80" y="136" width="66" height="90" fill="${gold}"/>`
  s += `<circle cx="113" cy="168" r="16" fill="#f8e7b0" stroke="#8a6318" stroke-width="2"/><rect x="92" y="196" width="42" height="5" rx="2" fill="#8a6318" opacity=".6"/><rect x="98" y="206" width="30" height="4" rx="2" fill="#8a6318" opacity=".45"/>`
  // wall sconce + plant
  s += `<path d="M330 0h60l-10 22h-40z" fill="#3f3a33"/><ellipse cx="360" cy="24" rx="120" ry="40" fill="${defs.radial(
    [
      [0, '#fff6d8', 0.6],
      [1, '#fff6d8', 0],
    ],
    {},
  )}"/>`
  s += `<path d="M700 ${H * 0.8 + 40}l8 50h44l8-50z" fill="#c0653a"/><rect x="696" y="${H * 0.8 + 34}" width="68" height="10" rx="3" fill="#a3532e"/>`
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i - 4) * 0.28
    const [x2, y2] = polar(730, H * 0.8 + 36, 90 + (i % 3) * 14, a)
    s += `<path d="M730 ${H * 0.8 + 36}Q${fmt((730 + x2) / 2 + (i - 4) * 6)} ${fmt((H * 0.8 + y2) / 2)} ${fmt(x2)} ${fmt(y2)}" stroke="${i % 2 ? '#2f6b3a' : '#3f8a4a'}" stroke-width="9" stroke-linecap="round" fill="none"/>`
  }
  return svgDoc(W, H, defs.toString(), s)
}

function newsTeam(W, H) {
  const defs = new Defs()
  const rng = createRng(2404)
  const cam = createCamera({ yaw: -30, pitch: 20 })
  let s = hall(cam, defs, {
    x0: -900,
    x1: 1400,
    y0: -900,
    y1: 560,
    H: 640,
    floor: '#bcc3ca',
    wall: '#dde2e7',
    side: '#cdd3d9',
    windows: 6,
  })
  s += floorLines(
    cam,
    [
      [-900, -60, 0],
      [1400, -60, 0],
      [1400, -48, 0],
      [-900, -48, 0],
    ],
    '#f5c518',
  )
  s +=
    footprint(cam, defs, [-520, 240, 300, 220], 0.22) +
    cnc(cam, defs, { at: [-520, 250], accent: '#1f4e79' })
  s += press(cam, defs, { at: [250, 340], W: 220, D: 160, H: 420, hot: false, ramZ: 230 })
  s +=
    footprint(cam, defs, [560, 200, 300, 220], 0.22) +
    cnc(cam, defs, { at: [560, 210], accent: '#334155', lit: 'amber' })
  const people = [
    { p: [-200, -190], o: { shirt: '#1f4e79', vest: '#f28c28', helmet: '#ffffff', pose: 'stand' } },
    { p: [-90, -260], o: { shirt: '#334155', vest: '#facc15', helmet: '#f28c28', pose: 'tablet' } },
    { p: [30, -200], o: { shirt: '#1f4e79', vest: '#f28c28', helmet: '#facc15', pose: 'stand' } },
    {
      p: [140, -280],
      o: { shirt: '#475569', vest: '#f28c28', helmet: '#ffffff', pose: 'point', facing: -1 },
    },
    { p: [260, -210], o: { shirt: '#1e3a5f', vest: '#facc15', helmet: '#1f4e79', pose: 'stand' } },
    { p: [-320, -280], o: { shirt: '#3f4a5a', vest: '#f28c28', helmet: '#facc15', pose: 'stand' } },
  ]
  const items = people.map((q) => ({
    depth: cam.project([q.p[0], q.p[1], 0])[2],
    svg: () => person(cam, rng, [q.p[0], q.p[1], 0], 150, q.o),
  }))
  s += painter(items)
  const frame = bboxOfScene(cam, [
    [-620, -320, 0],
    [700, -320, 0],
    [700, 460, 300],
    [-620, 460, 300],
  ])
  return svgDoc(
    W,
    H,
    defs.toString(),
    `<rect width="${W}" height="${H}" fill="#d5dae0"/>` +
      fitCover(cam, s, W, H, { box: frame, focus: [0.47, 0.6], zoom: 1.25 }),
  )
}

function newsContainers(W, H) {
  const defs = new Defs()
  const rng = createRng(2505)
  const cam = createCamera({ yaw: -16, pitch: 17 })
  const sky = defs.linear(
    [
      [0, '#6ea7d8'],
      [0.75, '#cfe3f3'],
      [1, '#f6efe2'],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  let back = `<rect width="${W}" height="${H}" fill="${sky}"/>`
  for (let i = 0; i < 6; i++)
    back += `<ellipse cx="${fmt(rng.range(0, W))}" cy="${fmt(rng.range(20, H * 0.22))}" rx="${fmt(rng.range(50, 120))}" ry="${fmt(rng.range(8, 16))}" fill="#fff" opacity=".6" filter="${defs.blur(6)}"/>`
  const far = 3200
  let s = ''
  // far shore
  const hills = []
  for (let x = -3000; x <= 4000; x += 160)
    hills.push([x, far, 60 + 40 * Math.sin(x / 500) + 25 * Math.sin(x / 190 + 2)])
  s += worldPoly(cam, [...hills, [4000, far, 0], [-3000, far, 0]], 'fill="#8ea3a8"')
  // water and quay
  s += worldPoly(
    cam,
    [
      [-3000, 900, 0],
      [4000, 900, 0],
      [4000, far, 0],
      [-3000, far, 0],
    ],
    `fill="${defs.linear(
      [
        [0, '#4d86b0'],
        [1, '#2a5f86'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )}"`,
  )
  let ripples = ''
  for (let i = 0; i < 40; i++) {
    const x = rng.range(-1500, 3000)
    const y = rng.range(1400, far)
    ripples += worldPoly(
      cam,
      [
        [x, y, 0.5],
        [x + rng.range(60, 160), y, 0.5],
        [x + 120, y + 8, 0.5],
        [x, y + 8, 0.5],
      ],
      'fill="#ffffff" opacity=".18"',
    )
  }
  s += ripples
  s += worldPoly(
    cam,
    [
      [-3000, -3000, 0],
      [4000, -3000, 0],
      [4000, 900, 0],
      [-3000, 900, 0],
    ],
    `fill="${defs.linear(
      [
        [0, '#cfcbc4'],
        [1, '#a7a39c'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )}"`,
  )
  s += worldPoly(
    cam,
    [
      [-3000, 880, 0.5],
      [4000, 880, 0.5],
      [4000, 900, 0.5],
      [-3000, 900, 0.5],
    ],
    'fill="#f5c518"',
  )
  s += worldPoly(
    cam,
    [
      [-3000, 600, 0.5],
      [4000, 600, 0.5],
      [4000, 606, 0.5],
      [-3000, 606, 0.5],
    ],
    'fill="#ffffff" opacity=".7"',
  )
  // ship with deck containers
  const hull = box(cam, defs, { at: [-700, 1000, -40], size: [2600, 320, 170], color: '#1f3b57' })
  s +=
    hull.svg +
    hull.deco(
      'front',
      '<rect x="0" y="140" width="2600" height="30" fill="#9b2f2f"/><rect x="0" y="0" width="2600" height="8" fill="#e5e7eb"/>',
    )
  const bridge = box(cam, defs, { at: [1620, 1040, 130], size: [180, 240, 230], color: '#f1f5f9' })
  s +=
    bridge.svg +
    bridge.deco(
      'front',
      [0, 1, 2, 3]
        .map((i) => `<rect x="14" y="${20 + i * 46}" width="152" height="22" fill="#1e3a5f"/>`)
        .join(''),
    )
  const palette = ['#1f4e79', '#f28c28', '#9b2f2f', '#6b7280', '#2f7a5d', '#e5e7eb', '#c2410c']
  const deck = []
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 9; c++)
      for (let l = 0; l < 2 + ((c + r) % 2); l++)
        deck.push({
          at: [-640 + c * 250, 1050 + r * 110, 130 + l * 104],
          color: palette[(c * 3 + r * 5 + l) % palette.length],
        })
  s += painter(
    deck.map((d) => ({
      depth: cam.project(d.at)[2] + d.at[2] * 0.01,
      svg: () => container(cam, defs, { at: d.at, color: d.color }),
    })),
  )
  // ship-to-shore gantry crane
  let cr = ''
  const legs = [
    [380, 520],
    [380, 860],
    [640, 520],
    [640, 860],
  ]
  const legItems = legs.map(([lx, ly]) => ({
    depth: cam.project([lx, ly, 0])[2],
    svg: () => box(cam, defs, { at: [lx, ly, 0], size: [28, 28, 600], color: '#f28c28' }).svg,
  }))
  cr += painter(legItems.slice(0, 4).filter((_, i) => i % 2 === 1))
  cr += box(cam, defs, { at: [380, 860, 560], size: [288, 28, 40], color: '#e07a14' }).svg
  cr += box(cam, defs, { at: [380, 520, 560], size: [28, 368, 40], color: '#e07a14' }).svg
  cr += box(cam, defs, { at: [640, 520, 560], size: [28, 368, 40], color: '#e07a14' }).svg
  // trolley, ropes and a container being lifted over the ship
  const tz = 650
  const ty = 1120
  const ropeTop = [
    [470, ty, tz],
    [560, ty, tz],
  ]
  cr += box(cam, defs, { at: [440, 300, tz], size: [22, 1500, 34], color: '#f28c28' }).svg
  for (const [x, y, z] of ropeTop) {
    const a = cam.project([x, y, z])
    const b = cam.project([x, y, 470])
    cr += `<path d="M${fmt(a[0])} ${fmt(a[1])}L${fmt(b[0])} ${fmt(b[1])}" stroke="#1f2937" stroke-width="2"/>`
  }
  cr += box(cam, defs, { at: [420, ty - 40, 460], size: [200, 80, 12], color: '#f5c518' }).svg
  cr += container(cam, defs, { at: [395, ty - 49, 355], color: '#2f7a5d' })
  cr += box(cam, defs, { at: [420, ty - 40, tz - 10], size: [160, 80, 30], color: '#e5e7eb' }).svg
  cr += box(cam, defs, { at: [600, 300, tz], size: [22, 1500, 34], color: '#f28c28' }).svg
  cr += box(cam, defs, { at: [460, 700, 600], size: [160, 120, 60], color: '#f1f5f9' }).svg
  cr += painter(legItems.filter((_, i) => i % 2 === 0))
  s += cr
  // container stacks on the quay
  const stacks = []
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 6; c++) {
      if (c === 3) continue
      const n = 1 + ((c * 7 + r * 3) % 3)
      for (let l = 0; l < n; l++)
        stacks.push({
          at: [-900 + c * 260 + (c > 3 ? 380 : 0), -160 + r * 110, l * 104],
          color: palette[(c * 5 + r * 3 + l * 2) % palette.length],
        })
    }
  s += painter(
    stacks.map((d) => ({
      depth: cam.project(d.at)[2] + d.at[2] * 0.01,
      svg: () => container(cam, defs, { at: d.at, color: d.color }),
    })),
  )
  s += truck(cam, defs, { at: [-320, -480], color: '#1f4e79', trailer: '#f28c28' })
  const frame = bboxOfScene(cam, [
    [-900, -560, 0],
    [1500, -560, 0],
    [1500, 1300, 700],
    [-900, 1300, 700],
  ])
  return svgDoc(
    W,
    H,
    defs.toString(),
    back + fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.5] }),
  )
}

export const NEWS = [newsBooth, newsPressLine, newsCertificate, newsTeam, newsContainers]

// ------------------------------------------------------------------ about (factory exterior / workshop interior)

function aboutExterior(W, H) {
  const defs = new Defs()
  const rng = createRng(3101)
  const cam = createCamera({ yaw: -24, pitch: 17 })
  const sky = defs.linear(
    [
      [0, '#6fa6d6'],
      [0.55, '#b9d6ee'],
      [1, '#f3ead9'],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  let back = `<rect width="${W}" height="${H}" fill="${sky}"/>`
  back += `<circle cx="${W * 0.82}" cy="${H * 0.16}" r="160" fill="${defs.radial(
    [
      [0, '#fff7dd', 0.9],
      [0.25, '#fff3cf', 0.45],
      [1, '#fff3cf', 0],
    ],
    {},
  )}"/>`
  for (let i = 0; i < 7; i++)
    back += `<ellipse cx="${fmt(rng.range(0, W))}" cy="${fmt(rng.range(30, H * 0.3))}" rx="${fmt(rng.range(60, 160))}" ry="${fmt(rng.range(12, 24))}" fill="#fff" opacity=".55" filter="${defs.blur(8)}"/>`
  let s = ''
  // distant hills along the far edge of the site
  const far = 1500
  const hillPts = []
  for (let x = -2600; x <= 3400; x += 150)
    hillPts.push([x, far + 400, 90 + 70 * Math.sin(x / 420) + 40 * Math.sin(x / 170 + 1)])
  s += worldPoly(
    cam,
    [...hillPts, [3400, far + 400, 0], [-2600, far + 400, 0]],
    'fill="#8fae8c" opacity=".85"',
  )
  // ground: lawn, roads, parking
  s += worldPoly(
    cam,
    [
      [-2600, -2600, 0],
      [3400, -2600, 0],
      [3400, far + 400, 0],
      [-2600, far + 400, 0],
    ],
    `fill="${defs.linear(
      [
        [0, '#9cc27f'],
        [1, '#6f9d5a'],
      ],
      { x1: 0, y1: 0, x2: 0, y2: 1 },
    )}"`,
  )
  s += worldPoly(
    cam,
    [
      [-2600, -420, 0.5],
      [3400, -420, 0.5],
      [3400, -200, 0.5],
      [-2600, -200, 0.5],
    ],
    'fill="#6b7078"',
  )
  s += worldPoly(
    cam,
    [
      [-2600, -316, 1],
      [3400, -316, 1],
      [3400, -304, 1],
      [-2600, -304, 1],
    ],
    'fill="#f1f1f1" opacity=".8"',
  )
  s += worldPoly(
    cam,
    [
      [-200, -200, 0.5],
      [1600, -200, 0.5],
      [1600, 300, 0.5],
      [-200, 300, 0.5],
    ],
    'fill="#8a8f97"',
  )
  s += worldPoly(
    cam,
    [
      [1000, -200, 0.6],
      [1700, -200, 0.6],
      [1700, 180, 0.6],
      [1000, 180, 0.6],
    ],
    'fill="#7c828a"',
  )
  let park = ''
  for (let i = 0; i < 9; i++)
    park += worldPoly(
      cam,
      [
        [1020 + i * 72, -170, 1],
        [1026 + i * 72, -170, 1],
        [1026 + i * 72, -40, 1],
        [1020 + i * 72, -40, 1],
      ],
      'fill="#eef0f2"',
    )
  s += park
  // silos behind the hall
  for (const [x, y] of [
    [-120, 900],
    [40, 960],
  ])
    s +=
      vcyl(cam, defs, { at: [x, y, 0], r: 70, h: 300, color: '#c7ced6' }).svg +
      vcyl(cam, defs, { at: [x, y, 300], r: 70, h: 30, scaleTop: 0.3, color: '#b5bec8' }).svg
  // main production hall with sawtooth roof
  const hx = 0
  const hy = 300
  const hw = 1000
  const hd = 420
  const hh = 170
  const hall = box(cam, defs, { at: [hx, hy, 0], size: [hw, hd, hh], color: '#cfd8e1' })
  s += hall.svg
  const clad = stripes(defs, { pitch: 12, light: '#d7dfe7', dark: '#c3cdd7' })
  let front = `<rect width="${hw}" height="${hh}" fill="${clad}"/><rect y="${hh - 24}" width="${hw}" height="24" fill="#9aa6b2"/>`
  front += `<rect y="26" width="${hw}" height="36" fill="#1f4e79"/>`
  for (let i = 0; i < 14; i++)
    front += windowPane(defs, 20 + i * 70, 30, 56, 28, { frame: '#1b3550', tint: '#9cc6ea', r: 1 })
  for (let i = 0; i < 4; i++) {
    const dx = 120 + i * 170
    front += `<rect x="${dx}" y="${hh - 110}" width="120" height="110" fill="#5c6773"/>`
    for (let k = 0; k < 14; k++)
      front += `<rect x="${dx + 4}" y="${hh - 106 + k * 7.5}" width="112" height="2.5" fill="#788390"/>`
    front += `<rect x="${dx - 10}" y="${hh - 122}" width="140" height="10" fill="#2b3440"/>`
  }
  front += `<rect x="0" y="0" width="${hw}" height="8" fill="#f28c28"/>`
  s += hall.deco('front', front)
  const right = `<rect width="${hd}" height="${hh}" fill="${clad}"/><rect y="26" width="${hd}" height="36" fill="#1f4e79"/><rect y="${hh - 24}" width="${hd}" height="24" fill="#9aa6b2"/><rect width="${hd}" height="8" fill="#f28c28"/>`
  s += hall.deco('right', right)
  const teeth = 6
  const tw = hw / teeth
  for (let i = 0; i < teeth; i++) {
    const x0 = hx + i * tw
    const tooth = prismTooth(cam, defs, x0, hy, hd, hh, tw, 70)
    s += tooth
  }
  // office block with glass curtain wall and the logo mark
  const ox = 1000
  const oy = 180
  const ow = 330
  const od = 380
  const oh = 230
  const off = box(cam, defs, { at: [ox, oy, 0], size: [ow, od, oh], color: '#e9edf1' })
  s += off.svg
  let of = `<rect width="${ow}" height="${oh}" fill="#e9edf1"/>`
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 6; c++)
      of += windowPane(defs, 16 + c * 51, 56 + r * 42, 46, 36, {
        frame: '#2a3a4a',
        tint: '#8fbfe6',
        r: 1,
      })
  of +=
    `<rect x="0" y="0" width="${ow}" height="44" fill="#1f4e79"/>` +
    markSvg({ x: 18, y: 4, size: 36, gear: '#ffffff', anvil: '#f28c28' })
  of += `<rect x="${ow / 2 - 40}" y="${oh - 40}" width="80" height="40" fill="#334155"/><rect x="${ow / 2 - 36}" y="${oh - 36}" width="34" height="36" fill="#8fbfe6" opacity=".8"/><rect x="${ow / 2 + 2}" y="${oh - 36}" width="34" height="36" fill="#8fbfe6" opacity=".8"/>`
  s += off.deco('front', of)
  let orr = `<rect width="${od}" height="${oh}" fill="#e3e8ed"/><rect width="${od}" height="44" fill="#1f4e79"/>`
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 7; c++)
      orr += windowPane(defs, 14 + c * 52, 56 + r * 42, 46, 36, {
        frame: '#2a3a4a',
        tint: '#8fbfe6',
        r: 1,
      })
  s += off.deco('right', orr)
  s += box(cam, defs, {
    at: [ox + ow / 2 - 70, oy - 60, oh * 0.24],
    size: [140, 60, 8],
    color: '#f28c28',
  }).svg
  // flag-like brand pylon (mark only)
  const py = box(cam, defs, { at: [1200, -150, 0], size: [24, 60, 220], color: '#1f4e79' })
  s +=
    py.svg +
    py.deco('front', markSvg({ x: -14, y: 12, size: 52, gear: '#ffffff', anvil: '#f28c28' }))
  // trucks and trees
  s += truck(cam, defs, { at: [-80, -380], color: '#f28c28', trailer: '#1f4e79' })
  const trees = []
  for (let i = 0; i < 12; i++) trees.push([-760 + i * 210, -700 + (i % 2) * 40])
  for (let i = 0; i < 8; i++) trees.push([-700 + i * 120, 180 + (i % 3) * 60])
  for (let i = 0; i < 9; i++) trees.push([1420 + (i % 3) * 90, 300 + i * 120])
  for (let i = 0; i < 18; i++) trees.push([-1100 + i * 170, 1250 + (i % 3) * 70])
  const items = trees.map((p) => ({
    depth: cam.project([p[0], p[1], 0])[2],
    svg: () => tree(cam, defs, rng, [p[0], p[1], 0], rng.range(85, 120), rng.range(95, 130)),
  }))
  s += painter(items)
  const frame = bboxOfScene(cam, [
    [-520, -700, 0],
    [1750, -700, 0],
    [1750, 1500, 520],
    [-520, 1500, 520],
  ])
  return svgDoc(
    W,
    H,
    defs.toString(),
    back + fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.5] }),
  )
}

/** One sawtooth roof bay: triangular prism along y with a glazed vertical face. */
function prismTooth(cam, defs, x0, y0, d, z0, w, h) {
  const roof = paint('#aab6c2')
  const pts = [
    [0, 0],
    [w, 0],
    [w, h],
  ]
  const pr = prismLocal(cam, defs, pts, [x0, y0 + d, z0], d, roof)
  const glass = cam.planeMatrix([x0 + w, y0, z0 + h], [0, 1, 0], [0, 0, -1])
  let g = ''
  for (let i = 0; i < 8; i++)
    g += windowPane(defs, 6 + i * (d / 8), 6, d / 8 - 8, h - 12, {
      frame: '#334155',
      tint: '#9cc6ea',
      r: 1,
    })
  return pr + `<g transform="${glass}">${g}</g>`
}

function prismLocal(cam, defs, pts, origin, depth, pal) {
  return prismFn(cam, defs, {
    contours: [{ pts }],
    origin,
    eA: [1, 0, 0],
    eB: [0, 0, 1],
    eN: [0, -1, 0],
    h0: 0,
    h1: depth,
    metal: pal,
    shading: PAINT,
  }).svg
}

function aboutInterior(W, H) {
  const defs = new Defs()
  const rng = createRng(3202)
  const cam = createCamera({ yaw: -36, pitch: 26 })
  let s = hall(cam, defs, {
    x0: -800,
    x1: 1400,
    y0: -900,
    y1: 640,
    H: 700,
    floor: '#b7bec6',
    wall: '#dfe4e9',
    side: '#d0d6dc',
    windows: 6,
  })
  // walkway + work zone markings
  s += floorLines(
    cam,
    [
      [-800, -120, 0],
      [1400, -120, 0],
      [1400, -108, 0],
      [-800, -108, 0],
    ],
    '#f5c518',
  )
  s += floorLines(
    cam,
    [
      [-800, -300, 0],
      [1400, -300, 0],
      [1400, -288, 0],
      [-800, -288, 0],
    ],
    '#f5c518',
  )
  // columns and crane runway along the back wall
  for (let x = -700; x <= 1300; x += 400)
    s += box(cam, defs, { at: [x, 560, 0], size: [34, 34, 600], color: '#1f4e79' }).svg
  s += box(cam, defs, { at: [-800, 560, 600], size: [2200, 34, 30], color: '#1f4e79' }).svg
  for (let y = -500; y <= 500; y += 400)
    s += box(cam, defs, { at: [-800, y, 0], size: [34, 34, 600], color: '#1f4e79' }).svg
  s += box(cam, defs, { at: [-800, -900, 600], size: [34, 1500, 30], color: '#1f4e79' }).svg
  const items = []
  items.push({
    depth: cam.project([-420, 300, 0])[2],
    svg: () =>
      footprint(cam, defs, [-560, 220, 300, 220], 0.22) + cnc(cam, defs, { at: [-560, 230] }),
  })
  items.push({
    depth: cam.project([100, 340, 0])[2],
    svg: () =>
      footprint(cam, defs, [-30, 250, 270, 200], 0.25) +
      press(cam, defs, { at: [100, 340], W: 230, D: 170, H: 440, hot: false, ramZ: 240 }),
  })
  items.push({
    depth: cam.project([620, 320, 0])[2],
    svg: () =>
      footprint(cam, defs, [480, 220, 300, 220], 0.22) +
      cnc(cam, defs, { at: [480, 230], accent: '#334155', lit: 'amber' }),
  })
  // workbench with parts, pallet with gear stacks
  items.push({
    depth: cam.project([-300, -20, 0])[2],
    svg: () => {
      let b = ''
      for (const [lx, ly] of [
        [-420, -60],
        [-200, -60],
        [-420, 10],
        [-200, 10],
      ])
        b += box(cam, defs, { at: [lx, ly, 0], size: [10, 10, 84], color: '#39424d' }).svg
      const top = box(cam, defs, { at: [-430, -70, 84], size: [250, 90, 10], metal: METALS.warm })
      b += top.svg
      b += gear(placedCamera(cam, [-360, -30, 94], 0.13), defs, {
        teeth: 30,
        rTip: 190,
        depth: 17,
        T: 40,
        metal: 'steel',
        hub: { r: 60, top: 60, bore: 30 },
      })
      b += flange(placedCamera(cam, [-250, -30, 94], 0.14), defs, {
        R: 150,
        T: 30,
        holes: 4,
        holeR: 17,
        holeAt: 108,
        bore: 60,
        hub: { r: 82, h: 30 },
        metal: 'warm',
      })
      return b
    },
  })
  items.push({
    depth: cam.project([380, -40, 0])[2],
    svg: () => {
      let p = box(cam, defs, { at: [300, -90, 0], size: [160, 120, 14], color: '#b08a5a' }).svg
      p += gearStack(cam, defs, [340, -50, 14], 0.14, [
        {
          teeth: 36,
          rTip: 190,
          depth: 15,
          T: 36,
          metal: 'steel',
          hub: { r: 60, top: 36, bore: 30 },
        },
        {
          teeth: 36,
          rTip: 190,
          depth: 15,
          T: 36,
          metal: 'steel',
          hub: { r: 60, top: 36, bore: 30 },
        },
        {
          teeth: 36,
          rTip: 190,
          depth: 15,
          T: 36,
          metal: 'steel',
          hub: { r: 60, top: 36, bore: 30 },
        },
      ])
      p += gearStack(cam, defs, [420, -30, 14], 0.12, [
        {
          teeth: 24,
          rTip: 170,
          depth: 15,
          T: 40,
          metal: 'warm',
          hub: { r: 50, top: 40, bore: 24 },
        },
        {
          teeth: 24,
          rTip: 170,
          depth: 15,
          T: 40,
          metal: 'warm',
          hub: { r: 50, top: 40, bore: 24 },
        },
      ])
      return p
    },
  })
  items.push({
    depth: cam.project([40, -200, 0])[2],
    svg: () =>
      person(cam, rng, [40, -200, 0], 160, {
        pose: 'tablet',
        shirt: '#1f4e79',
        vest: '#f28c28',
        helmet: '#ffffff',
      }),
  })
  items.push({
    depth: cam.project([-120, -60, 0])[2],
    svg: () =>
      person(cam, rng, [-120, -60, 0], 160, {
        pose: 'stand',
        shirt: '#334155',
        vest: '#facc15',
        helmet: '#f28c28',
      }),
  })
  s += painter(items)
  // overhead crane bridge with hoist
  s += box(cam, defs, { at: [-800, 120, 600], size: [2200, 44, 44], color: '#f5c518' }).svg
  s += box(cam, defs, { at: [240, 106, 570], size: [90, 72, 40], color: '#2b3440' }).svg
  const h0 = cam.project([285, 142, 570])
  const h1 = cam.project([285, 142, 470])
  s += `<path d="M${fmt(h0[0])} ${fmt(h0[1])}L${fmt(h1[0])} ${fmt(h1[1])}" stroke="#1f2937" stroke-width="2.5"/>`
  s += box(cam, defs, { at: [271, 129, 454], size: [28, 26, 16], color: '#f5c518' }).svg
  const frame = bboxOfScene(cam, [
    [-640, -320, 0],
    [900, -320, 0],
    [900, 620, 620],
    [-640, 620, 620],
  ])
  return svgDoc(
    W,
    H,
    defs.toString(),
    `<rect width="${W}" height="${H}" fill="#d3d9df"/>` +
      fitCover(cam, s, W, H, { box: frame, focus: [0.5, 0.5] }),
  )
}

export const ABOUT = [aboutExterior, aboutInterior]
