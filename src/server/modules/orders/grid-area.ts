import { areaCodeList } from '#shared/contract/grid-area'
import { regionNames, regionCodes } from '../supplier-forms/china-regions.ts'

/** True when a stored area value is empty or names a province, city (and district) that exist. */
export function knownArea(value: unknown): boolean {
  const text = typeof value === 'string' ? value : ''
  return text === '' || regionNames(areaCodeList(text)) !== undefined
}

/** The names of a stored area, joined by '/' ('' for none; the codes when they are unknown). */
export function areaText(value: unknown): string {
  const text = typeof value === 'string' ? value : ''
  if (text === '') return ''
  return regionNames(areaCodeList(text))?.join('/') ?? text
}

/**
 * A spreadsheet cell of an area: names ("广东省/深圳市/南山区", also with spaces) become their
 * codes; codes stay as they are; anything else is left for the schema to refuse.
 */
export function areaInput(cell: string): string {
  const parts = cell.split(/[\s,，、/]+/).filter(Boolean)
  if (parts.every((p) => /^\d{6}$/.test(p))) return parts.join(',')
  return regionCodes(parts)?.join(',') ?? cell
}
