import { i18n } from '@lingui/core'
import { plural, t } from '@lingui/core/macro'
import type { FieldDef } from '#client/components/form/form-field'
import type { HistoryField } from './history-entry.tsx'

const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/** A choice's stored value as the form's option value: booleans and 0/1 are '1'/'0'. */
const optionValue = (value: unknown) =>
  typeof value === 'boolean' ? (value ? '1' : '0') : String(value)

const shortText = (value: unknown) => {
  const text = String(value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/** How a form field's stored value reads: choices by their label, pictures counted, dates as dates, long text shortened. */
function formatOf(f: FieldDef): HistoryField['format'] {
  switch (f.type) {
    case 'select':
    case 'radio':
      return (v) => f.options.find((o) => o.value === optionValue(v))?.label ?? String(v)
    case 'checkbox':
      return (v) => {
        const list = parsed(v)
        return Array.isArray(list)
          ? list
              .map((x) => f.options.find((o) => o.value === String(x))?.label ?? String(x))
              .join(', ')
          : String(v)
      }
    case 'photo':
    case 'file': {
      return (v) => {
        const list = parsed(v)
        const n = Array.isArray(list) ? list.length : v ? 1 : 0
        return n === 0 ? t`no pictures` : plural(n, { one: '# picture', other: '# pictures' })
      }
    }
    case 'rows':
      return (v) => {
        const list = parsed(v)
        const n = Array.isArray(list) ? list.length : 0
        return n === 0 ? t`no rows` : plural(n, { one: '# row', other: '# rows' })
      }
    case 'date':
      return (v) => {
        const d = new Date(String(v))
        return Number.isNaN(d.getTime()) ? String(v) : i18n.date(d, { dateStyle: 'medium' })
      }
    case 'number':
      return (v) => (typeof v === 'number' ? i18n.number(v) : String(v))
    default:
      return shortText
  }
}

/** History fields labelled and formatted as a form shows them (content editors). */
export const formHistoryFields = (
  fields: FieldDef[],
  more: HistoryField[] = [],
): HistoryField[] => [
  ...fields.map((f) => ({ key: f.name, label: f.label, format: formatOf(f) })),
  ...more,
]

/** A yes/no field (Ban, Hidden, …) of the system screens. */
export const yesNoField = (key: string, label: string): HistoryField => ({
  key,
  label,
  format: (v) => (v === true || v === 1 || v === '1' || v === 'true' ? t`Yes` : t`No`),
})
