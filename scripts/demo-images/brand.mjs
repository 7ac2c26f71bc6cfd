// Forgeline logo mark: a gear ring with an anvil inside.
// Designed on a 64×64 grid so it stays crisp at favicon sizes.
import { gearPoints, fmt, circlePath } from './svg-kit.mjs'

export const BRAND = { blue: '#1f4e79', orange: '#f28c28', light: '#e8eef5' }

const r1 = (n) => Math.round(n * 10) / 10

function gearRingPath() {
  const pts = gearPoints({
    teeth: 10,
    rTip: 30.5,
    rRoot: 25,
    phase: -Math.PI / 2,
    tip: 0.16,
    root: 0.3,
    flankSteps: 1,
  })
  const outer = 'M' + pts.map(([x, y]) => `${r1(32 + x)} ${r1(32 + y)}`).join('L') + 'Z'
  return outer + circlePath(32, 32, 19.5).replace(/(\d+\.\d{2,})/g, (m) => String(r1(+m)))
}

// anvil silhouette (horn to the left), centred in the ring
const ANVIL =
  'M13.5 26.2C17.5 24.6 20.5 23.6 24.5 23.6H47.5V29.4H42.2C40.6 30.4 39.6 32.2 39.4 34.4L43.6 40.6H21.4L25.6 34.4C25.4 32 24.2 30.2 21.6 29.5C18.6 28.7 15.6 27.8 13.5 26.2Z'

/** The mark as a <g>, placed at (x, y) with side length `size`. */
export function markSvg({ x = 0, y = 0, size = 64, gear = BRAND.blue, anvil = BRAND.orange } = {}) {
  const k = size / 64
  return (
    `<g transform="translate(${fmt(x)} ${fmt(y)}) scale(${fmt(k)})">` +
    `<path d="${gearRingPath()}" fill="${gear}" fill-rule="evenodd"/>` +
    `<path d="${ANVIL}" fill="${anvil}"/>` +
    `</g>`
  )
}

/** Compact favicon: mark only, transparent background. */
export function faviconSvg() {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<path d="${gearRingPath()}" fill="${BRAND.blue}" fill-rule="evenodd"/>` +
    `<path d="${ANVIL}" fill="${BRAND.orange}"/></svg>\n`
  )
}

/** Logo: the mark with a subtle inner highlight; the app renders the name in HTML. */
export function logoSvg() {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="Forgeline">` +
    `<path d="${gearRingPath()}" fill="${BRAND.blue}" fill-rule="evenodd"/>` +
    `<circle cx="32" cy="32" r="22.2" fill="none" stroke="#ffffff" stroke-opacity=".22" stroke-width="1"/>` +
    `<path d="${ANVIL}" fill="${BRAND.orange}"/>` +
    `<path d="M24.5 23.6H47.5V25.1H24.5Z" fill="#ffffff" fill-opacity=".3"/></svg>\n`
  )
}

/**
 * App icon as SVG (rendered to PNG by the generator).
 * variant: 'rounded' (transparent corners), 'maskable' (full bleed, mark within the 80% safe zone), 'square' (full bleed).
 */
export function iconSvg(size, variant = 'rounded') {
  const bg = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a6399"/><stop offset="1" stop-color="${BRAND.blue}"/></linearGradient></defs>`
  const S = 512
  let body
  let markSize
  if (variant === 'rounded') {
    body = `<rect x="0" y="0" width="${S}" height="${S}" rx="${S * 0.22}" fill="url(#bg)"/>`
    markSize = S * 0.7
  } else if (variant === 'maskable') {
    body = `<rect width="${S}" height="${S}" fill="url(#bg)"/>`
    markSize = S * 0.56 // ring radius ≈ 0.267·S < 0.4·S safe-zone radius
  } else {
    body = `<rect width="${S}" height="${S}" fill="url(#bg)"/>`
    markSize = S * 0.68
  }
  const off = (S - markSize) / 2
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}">${bg}${body}` +
    markSvg({ x: off, y: off, size: markSize, gear: '#ffffff', anvil: BRAND.orange }) +
    `</svg>`
  )
}

/** Neutral placeholder for categories without an image: grey gear outline. */
export function placeholderSvg(W = 400) {
  const pts = gearPoints({ teeth: 14, rTip: 118, rRoot: 98, phase: -Math.PI / 2, flankSteps: 2 })
  const d = 'M' + pts.map(([x, y]) => `${fmt(W / 2 + x)} ${fmt(W / 2 + y)}`).join('L') + 'Z'
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${W}" viewBox="0 0 ${W} ${W}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/><stop offset="1" stop-color="#e6e8eb"/></linearGradient></defs>` +
    `<rect width="${W}" height="${W}" fill="url(#g)"/>` +
    `<g fill="none" stroke="#a3aab3" stroke-width="9" stroke-linejoin="round">` +
    `<path d="${d}"/><circle cx="${W / 2}" cy="${W / 2}" r="46"/></g>` +
    `<g fill="none" stroke="#c3c8ce" stroke-width="5"><circle cx="${W / 2}" cy="${W / 2}" r="76" stroke-dasharray="10 12"/></g>` +
    `</svg>`
  )
}
