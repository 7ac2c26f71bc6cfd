import { areaCodeList } from '#shared/contract/grid-area'
import type { GridColumn, GridRow } from './grid-config.ts'

/** px: a cell's left and right padding (grid.css) and room for the header's weight */
const padding = 24
/** px: the narrowest and widest a column fitted to its text gets */
const narrowest = 64
const widest = 360
/** px: an area cell while its row is open: three linked selects (area-cell.css) */
export const areaEditWidth = 320

/** Width of a text in the grid's 13 px font, estimated: CJK and full-width characters 13 px, others 7.5 px. */
export function textWidth(s: string): number {
  let w = 0
  for (const ch of s) w += /[\u2e80-\uffef]/.test(ch) ? 13 : 7.5
  return Math.ceil(w)
}

/** An area value as the cell shows it: about four characters a level ("浙江省 / 杭州市 / 余杭区"). */
const areaText = (v: unknown) =>
  areaCodeList(String(v ?? ''))
    .map(() => '浙江省市')
    .join(' / ')

const fitted = (column: GridColumn): boolean =>
  column.type === 'text' || column.type === 'area' || column.type === 'order'

/**
 * Column widths for the wide-screen table: text, order and area columns fit the
 * longest value of the rows shown and their header (from 64 to 360 px), so a mostly empty column
 * stays narrow and names are not cut; the other columns keep their set width, never narrower
 * than their header.
 */
export function fitColumnWidths(
  columns: readonly GridColumn[],
  rows: readonly GridRow[],
  header: (c: GridColumn) => string,
): Map<string, number> {
  const widths = new Map<string, number>()
  for (const c of columns) {
    // the header is bold and has its sort mark: an eighth more than the body text, and 8 px
    const head = Math.ceil(textWidth(header(c)) * 1.125) + padding + 8
    if (!fitted(c)) {
      widths.set(c.key, Math.max(c.width ?? 120, head))
      continue
    }
    let content = 0
    for (const r of rows)
      content = Math.max(
        content,
        textWidth(c.type === 'area' ? areaText(r[c.key]) : String(r[c.key] ?? '')),
      )
    widths.set(c.key, Math.min(widest, Math.max(narrowest, head, content + padding)))
  }
  return widths
}
