import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { rules } from '#shared/contract/validators'
import { areaComplete } from './china-areas.ts'
import type {
  FieldDef,
  FieldRow,
  FieldType,
  FieldValue,
  FormValues,
  RowColumn,
} from './form-field.ts'
import { ruleErrorText } from './rule-error-text.ts'

/** SPEC §5 textarea: 500 characters unless told, 4 to 8 rows. */
export const textareaMaxDefault = 500
export const textareaRows = (rows: number | undefined) => Math.min(8, Math.max(4, rows ?? 4))
export const maxLengthOf = (f: FieldDef): number | undefined =>
  f.type === 'textarea'
    ? (f.max ?? textareaMaxDefault)
    : f.type === 'text' || f.type === 'number' || f.type === 'password'
      ? f.max
      : undefined

/** SPEC §5 number field: anything but digits is dropped as it is typed. */
export const digitsOnly = (v: string) => v.replace(/\D+/g, '')

const chooseTypes: readonly FieldType[] = ['select', 'radio', 'area', 'date']
const uploadTypes: readonly FieldType[] = ['file', 'photo']

/**
 * The message of an empty required field (SPEC §5): the field's own message, else "please
 * enter {label}"; "please choose {label}" for select, radio, area and date; "please upload
 * {label}" for file and photo; "choose at least one" for checkbox.
 */
export function requiredMessage(f: FieldDef): string {
  if (f.message) return f.message
  const label = f.label
  if (f.type === 'checkbox') return i18n._(msg`Choose at least one`)
  if (chooseTypes.includes(f.type)) return i18n._(msg`Please choose ${label}`)
  if (uploadTypes.includes(f.type)) return i18n._(msg`Please upload ${label}`)
  return i18n._(msg`Please enter ${label}`)
}

export const isEmpty = (v: FieldValue | undefined) =>
  v === undefined || (typeof v === 'string' ? v.trim() === '' : v.length === 0)

/** The message of a field's value, or undefined when it passes. */
export function fieldError(f: FieldDef, v: FieldValue | undefined): string | undefined {
  if (isEmpty(v)) return f.optional ? undefined : requiredMessage(f)
  const max = maxLengthOf(f)
  if (typeof v === 'string') {
    const count = v.trim().length
    if (max !== undefined && count > max) return i18n._(msg`At most ${max} characters`)
    if (f.type === 'text' && f.rule && !rules[f.rule].test(v.trim()))
      return ruleErrorText(rules[f.rule].code)
    if (f.type === 'number' && !/^\d+$/.test(v.trim())) return i18n._(msg`Please enter a number`)
  }
  if (f.type === 'area' && !areaComplete(v as string[])) return requiredMessage(f)
  if (f.type === 'rows') return rowsError(f.columns, v as FieldRow[], f.limit)
  if (f.type === 'photo' || f.type === 'file') {
    const limit = f.limit ?? (f.type === 'photo' ? 3 : 1)
    if (Array.isArray(v) && v.length > limit) return i18n._(msg`At most ${limit} files`)
  }
  return undefined
}

/** The first failing cell of a rows field: "row 2: please enter Value (Chinese)", too long, or too many rows. */
function rowsError(columns: RowColumn[], rows: FieldRow[], limit: number): string | undefined {
  if (rows.length > limit) return i18n._(msg`At most ${limit} rows`)
  for (const [i, r] of rows.entries()) {
    const n = i + 1
    for (const c of columns) {
      const text = (r[c.name] ?? '').trim()
      const label = c.label
      const max = c.max
      if (text === '' && !c.optional) return i18n._(msg`Row ${n}: please enter ${label}`)
      if (text.length > max) return i18n._(msg`Row ${n}: ${label} has at most ${max} characters`)
    }
  }
  return undefined
}

/** The fields shown now (a field with `when` only while it answers true). */
export const shownFields = (fields: readonly FieldDef[], values: FormValues, saved: FormValues) =>
  fields.filter((f) => !f.when || f.when(values, saved))

/**
 * Messages of every failing shown field, in field order: the field's own checks first, then the
 * form's `extra` checks (e.g. the shared contract schema, see `schemaErrors`) for fields that passed.
 */
export function validateForm(
  fields: readonly FieldDef[],
  values: FormValues,
  extra: Record<string, string> = {},
  saved: FormValues = values,
): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const f of shownFields(fields, values, saved)) {
    const e = fieldError(f, values[f.name]) ?? extra[f.name]
    if (e) errors[f.name] = e
  }
  return errors
}

type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] }

/** The shared contract schema's messages (SPEC §5 rule codes -> texts), first per top-level field. */
export function schemaErrors(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: Issues } },
  input: unknown,
): Record<string, string> {
  const parsed = schema.safeParse(input)
  const out: Record<string, string> = {}
  for (const issue of parsed.success ? [] : (parsed.error?.issues ?? []))
    out[String(issue.path[0] ?? '')] ??= ruleErrorText(issue.message)
  return out
}

/** SPEC §5: a failing submit shows all messages joined in one toast. */
export const joinMessages = (messages: readonly string[]) =>
  messages.join(i18n.locale === 'zh' ? '；' : '; ')
