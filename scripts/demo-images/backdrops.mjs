// Backgrounds for product / category images: soft studio sweeps with faint
// technical-drawing marks (centre lines, grid). No text.
import { fmt, hsl } from './svg-kit.mjs'

/** Light studio backdrop with faint drafting grid and centre lines. */
export function studioBackdrop(
  defs,
  w,
  h,
  hue,
  { sat = 22, grid = true, center = [0.5, 0.46], marks = true } = {},
) {
  const bg = defs.radial(
    [
      [0, hsl(hue, sat + 10, 98)],
      [0.55, hsl(hue, sat, 91)],
      [1, hsl(hue, sat - 4, 80)],
    ],
    { cx: center[0], cy: center[1] - 0.06, r: 0.78 },
  )
  let s = `<rect width="${w}" height="${h}" fill="${bg}"/>`
  if (grid) {
    const step = Math.round(w / 16)
    let d = ''
    for (let x = step; x < w; x += step) d += `M${x} 0V${h}`
    for (let y = step; y < h; y += step) d += `M0 ${y}H${w}`
    s += `<path d="${d}" stroke="${hsl(hue, 35, 45)}" stroke-opacity=".06" stroke-width="1"/>`
  }
  if (marks) {
    const cx = w * center[0]
    const cy = h * center[1]
    const r = Math.min(w, h) * 0.43
    s +=
      `<g fill="none" stroke="${hsl(hue, 40, 40)}" stroke-opacity=".14" stroke-width="${fmt(w / 800)}">` +
      `<path d="M${fmt(cx - r * 1.08)} ${fmt(cy)}H${fmt(cx + r * 1.08)}M${fmt(cx)} ${fmt(cy - r * 1.08)}V${fmt(cy + r * 1.08)}" stroke-dasharray="${fmt(w / 40)} ${fmt(w / 160)} ${fmt(w / 320)} ${fmt(w / 160)}"/>` +
      `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}" stroke-dasharray="${fmt(w / 200)} ${fmt(w / 100)}"/>` +
      `</g>`
  }
  // floor fade to ground the part
  const floor = defs.linear(
    [
      [0, hsl(hue, sat, 70), 0],
      [1, hsl(hue, sat, 62), 0.35],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  s += `<rect y="${fmt(h * 0.62)}" width="${w}" height="${fmt(h * 0.38)}" fill="${floor}"/>`
  return s
}

/** Category tile: neutral light card with a coloured disc behind the part. */
export function badgeBackdrop(defs, w, h, hue) {
  const bg = defs.linear(
    [
      [0, hsl(hue, 18, 97)],
      [1, hsl(hue, 16, 89)],
    ],
    { x1: 0, y1: 0, x2: 0, y2: 1 },
  )
  const disc = defs.radial(
    [
      [0, hsl(hue, 45, 72)],
      [0.7, hsl(hue, 48, 52)],
      [1, hsl(hue, 52, 40)],
    ],
    { cx: 0.4, cy: 0.35, r: 0.75 },
  )
  const r = w * 0.4
  return (
    `<rect width="${w}" height="${h}" fill="${bg}"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${fmt(r)}" fill="${disc}"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${fmt(r * 0.82)}" fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="${fmt(w / 200)}" stroke-dasharray="${fmt(w / 100)} ${fmt(w / 70)}"/>`
  )
}
