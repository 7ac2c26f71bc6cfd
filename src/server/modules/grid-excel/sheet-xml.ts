/** Why a part cannot be kept: XML this scanner does not take (a DOCTYPE, an unclosed tag...). */
export class XmlRefused extends Error {
  constructor() {
    super('xml refused')
  }
}

const lt = 0x3c
const gt = 0x3e
const slash = 0x2f
const quote = 0x22
const apos = 0x27

/** Where a start or end tag that opens at `from` (its `<`) closes: the `>` outside quoted values. */
function tagEnd(xml: Buffer, from: number): number {
  let q = 0
  for (let i = from + 1; i < xml.length; i++) {
    const b = xml[i]
    if (q) {
      if (b === q) q = 0
    } else if (b === quote || b === apos) q = b
    else if (b === gt) return i
  }
  throw new XmlRefused()
}

/** The element's name without its namespace prefix, from the bytes after `<` (or `</`). */
function localName(xml: Buffer, start: number, end: number): string {
  let i = start
  while (i < end && xml[i]! > 0x20 && xml[i] !== slash && xml[i] !== gt) i++
  const name = xml.toString('latin1', start, i)
  return name.slice(name.lastIndexOf(':') + 1)
}

function skipTo(xml: Buffer, from: number, close: string): number {
  const at = xml.indexOf(close, from)
  if (at < 0) throw new XmlRefused()
  return at + close.length
}

/** A start tag inside a kept child: its local name and its bytes (`<` to `>`). */
export type Visit = (name: string, tag: Buffer) => void

/**
 * A part's XML with only the root element and those of its children whose local names are in
 * `keep` (each whole, as written), in one linear pass: every other child of the root (with all it
 * holds) and anything outside the root (declaration, comments) is left out. `visit` sees each
 * start tag inside a kept child. Refuses a DOCTYPE (entity definitions) and unclosed markup.
 */
export function keepRootChildren(xml: Buffer, keep: ReadonlySet<string>, visit?: Visit): Buffer {
  const out: Buffer[] = []
  let depth = 0
  let keptFrom = -1
  let rootClosed = false
  for (let i = xml.indexOf(lt); i >= 0 && !rootClosed;) {
    const next = xml[i + 1]
    let end: number
    if (next === 0x3f /* ? */) end = skipTo(xml, i + 2, '?>')
    else if (next === 0x21 /* ! */) {
      if (xml.toString('latin1', i, i + 4) === '<!--') end = skipTo(xml, i + 4, '-->')
      else if (xml.toString('latin1', i, i + 9) === '<![CDATA[' && depth > 0)
        end = skipTo(xml, i + 9, ']]>')
      else throw new XmlRefused()
    } else if (next === slash) {
      end = tagEnd(xml, i) + 1
      depth--
      if (depth < 0) throw new XmlRefused()
      if (depth === 1 && keptFrom >= 0) {
        out.push(xml.subarray(keptFrom, end))
        keptFrom = -1
      } else if (depth === 0) {
        out.push(xml.subarray(i, end))
        rootClosed = true
      }
    } else {
      end = tagEnd(xml, i) + 1
      const selfClosing = xml[end - 2] === slash
      const name = localName(xml, i + 1, end)
      if (depth === 0) {
        if (selfClosing) throw new XmlRefused()
        out.push(xml.subarray(i, end))
      } else if (depth === 1) {
        if (keep.has(name)) {
          if (selfClosing) out.push(xml.subarray(i, end))
          else keptFrom = i
        }
      } else if (keptFrom >= 0) visit?.(name, xml.subarray(i, end))
      if (!selfClosing) depth++
    }
    i = xml.indexOf(lt, end)
  }
  if (!rootClosed) throw new XmlRefused()
  return Buffer.concat(out)
}

/** The value of attribute `name` in a start tag, or undefined. */
export function attribute(tag: Buffer, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(["'])([^"']*)\\1`).exec(tag.toString('utf8'))
  return m?.[2]
}

const cellRef = /^\$?([A-Z]{1,3})\$?([1-9]\d{0,6})$/

/** Column number of letters A..XFD. */
const columnOf = (letters: string) =>
  [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0)

/**
 * How many cells a range such as `B2:D10` (or one cell, `B2`) covers, corners in either order;
 * undefined for anything else (another sheet's range, lower-case letters, a column past XFD).
 */
export function rangeArea(ref: string): number | undefined {
  const corners = ref.trim().split(':')
  if (corners.length > 2) return undefined
  const cells = corners.map((c) => cellRef.exec(c))
  if (cells.some((c) => !c)) return undefined
  const cols = cells.map((c) => columnOf(c![1]!))
  const rows = cells.map((c) => Number(c![2]))
  if (cols.some((c) => c > 16_384) || rows.some((r) => r > 1_048_576)) return undefined
  const [c1, c2 = c1] = cols as [number, number?]
  const [r1, r2 = r1] = rows as [number, number?]
  return (Math.abs(c2! - c1) + 1) * (Math.abs(r2! - r1) + 1)
}
