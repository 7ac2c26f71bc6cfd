import { useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { Fragment, useState, type ReactNode } from 'react'
import { ApiError, errorText } from '#client/lib/http'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import type { FieldDef, FieldValue, FormValues } from './form-field.ts'
import { FormFieldInput } from './form-field-input.tsx'
import { fieldError, isEmpty, joinMessages, shownFields, validateForm } from './form-rules.ts'
import { ruleErrorText } from './rule-error-text.ts'
import { useFocusFirstError } from './focus-first-error.ts'
import { sameValue as same, useLiveValues } from './live-values.ts'
import './form.css'

type Props = {
  fields: readonly FieldDef[]
  initial: FormValues
  /**
   * saves; `changed` holds only the fields that differ from `initial`, `version` is the
   * `RowVersion` to save from (see `version`). It may answer the values the form shows (and
   * counts as saved) afterwards, e.g. empty ones to clear a password form.
   */
  onSubmit: (
    values: FormValues,
    changed: FormValues,
    version?: number,
  ) => Promise<FormValues | void>
  /**
   * the `RowVersion` `initial` was read at: a record read again while the form is open (someone
   * else saved it) shows its new values in the fields the user has not edited (live-values.ts)
   */
  version?: number
  /** without the right to save: every input disabled, no save button */
  readOnly?: boolean
  /** fills a field's `translateTo` from its text; absent: no translate action */
  translate?: (text: string) => Promise<string>
  onCancel?: () => void
  testId?: string
  /** rendered after the fields */
  children?: ReactNode
  /** a heading above the fields */
  title?: ReactNode
  /** rendered above the fields (e.g. a hidden user-name input for password managers) */
  top?: ReactNode
  /** the form's own checks after each field's (texts by field name), e.g. `schemaErrors(sharedSchema, ...)` */
  validate?: (values: FormValues, saved: FormValues) => Record<string, string>
  /** the submit button's text (default "Save") */
  submitLabel?: ReactNode
  /** more buttons beside the submit button */
  buttons?: ReactNode
  /** the submit button stays disabled until something changed */
  disableWhenClean?: boolean
  /** leaving with unsaved changes asks first (default true) */
  guardUnsaved?: boolean
  /** the toast of a refused submit (default: every message joined) */
  invalidText?: string
  /** the toast after saving (default "Saved"); false: none (onSubmit shows its own) */
  savedText?: string | false
  /** the toast of a failed save when the error has no message */
  failText?: string
  /** a failed save's message also stays above the fields */
  showFormError?: boolean
}

/**
 * Form builder (SPEC §5): renders the fields, checks them when the form is submitted (every field
 * is required unless marked optional) and shows all messages joined in one toast when any fails,
 * each also under its field. Server field errors (`postData.updateRecords.0.Title`) are placed
 * under the field of the same name.
 */
export function FormBuilder(props: Props) {
  const {
    fields,
    initial,
    onSubmit,
    readOnly = false,
    translate,
    onCancel,
    testId,
    children,
    title,
    validate,
    submitLabel,
    buttons,
  } = props
  const { t } = useLingui()
  const live = useLiveValues(initial, props.version)
  const { base, values, setValues } = live
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  const { ref, focusErrors } = useFocusFirstError<HTMLFormElement>()
  const [translating, setTranslating] = useState<string | null>(null)
  const shown = shownFields(fields, values, base)
  const changed = Object.fromEntries(
    shown.filter((f) => !same(values[f.name], base[f.name])).map((f) => [f.name, values[f.name]!]),
  )
  const dirty = Object.keys(changed).length > 0
  useUnsavedWork(dirty && !readOnly && props.guardUnsaved !== false)

  const set = (name: string, v: FieldValue) => {
    setValues((cur) => ({ ...cur, [name]: v }))
    setErrors((cur) => (cur[name] ? { ...cur, [name]: '' } : cur))
    setFormError('')
  }
  const setError = (name: string, message: string) =>
    setErrors((cur) => ({ ...cur, [name]: message }))
  const check = (name: string) => {
    const f = shown.find((x) => x.name === name)
    if (!f) return undefined
    const message = fieldError(f, values[name]) ?? validate?.(values, base)[name] ?? ''
    setError(name, message)
    return message ? undefined : values[name]
  }

  const submit = async () => {
    setFormError('')
    const found = validateForm(fields, values, validate?.(values, base) ?? {}, base)
    setErrors(found)
    const messages = Object.values(found)
    if (messages.length > 0) {
      focusErrors()
      Toast.show({
        icon: 'fail',
        content: props.invalidText ?? joinMessages(messages),
        duration: 3000,
      })
      return
    }
    setBusy(true)
    try {
      const next = (await onSubmit(values, changed, live.version)) ?? values
      live.reset(next)
      if (props.savedText !== false)
        Toast.show({ icon: 'success', content: props.savedText ?? t`Saved`, duration: 3000 })
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors) {
        const names = new Set(fields.map((f) => f.name))
        const placed: Record<string, string> = {}
        for (const [path, text] of Object.entries(e.fieldErrors)) {
          const name = path.split('.').findLast((seg) => names.has(seg))
          if (name) placed[name] ??= ruleErrorText(text)
        }
        setErrors(placed)
        focusErrors()
      }
      const fallback = props.failText ?? t`The changes could not be saved`
      if (props.showFormError) setFormError(e instanceof Error && e.message ? e.message : fallback)
      Toast.show({ icon: 'fail', content: errorText(e, fallback), duration: 3000 })
    } finally {
      setBusy(false)
    }
  }

  const runTranslate = async (f: FieldDef) => {
    if (!translate || !f.translateTo) return
    const text = values[f.name]
    if (typeof text !== 'string' || text.trim() === '') return
    setTranslating(f.name)
    try {
      set(f.translateTo, await translate(text))
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorText(e, t`The translation failed`), duration: 3000 })
    } finally {
      setTranslating(null)
    }
  }

  return (
    <form
      ref={ref}
      className="grid-form form-builder"
      data-testid={testId}
      noValidate
      onSubmit={(e) => (e.preventDefault(), void submit())}
    >
      {title ? <h3 className="form-title">{title}</h3> : null}
      {props.top}
      {formError ? (
        <div
          className="form-error"
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {formError}
        </div>
      ) : null}
      {shown.map((f) => {
        const id = `${testId ?? 'form'}-${f.name}`
        const error = errors[f.name]
        const missingEn =
          f.englishOf !== undefined && isEmpty(values[f.name]) && !isEmpty(values[f.englishOf])
        return (
          <Fragment key={f.name}>
            {f.heading ? <h4 className="form-heading">{f.heading}</h4> : null}
            <div className={`grid-form-row${error ? ' has-error' : ''}`} data-field={f.name}>
              <div className="form-label-row">
                <label htmlFor={id} id={`${id}-label`}>
                  {f.label}
                  {f.optional ? null : (
                    <span className="form-required" aria-hidden="true">
                      *
                    </span>
                  )}
                </label>
                {missingEn ? <span className="form-flag">{t`English missing`}</span> : null}
                {f.translateTo && translate && !readOnly ? (
                  <button
                    type="button"
                    className="form-translate"
                    disabled={translating !== null || isEmpty(values[f.name])}
                    onClick={() => void runTranslate(f)}
                    data-testid={`translate-${f.name}`}
                  >
                    {translating === f.name ? t`Translating…` : t`Translate to English`}
                  </button>
                ) : null}
              </div>
              {f.extra ? (
                <div className="form-input-extra">
                  <FormFieldInput
                    field={f}
                    id={id}
                    value={values[f.name]}
                    onChange={(v) => set(f.name, v)}
                    disabled={readOnly}
                    invalid={Boolean(error)}
                  />
                  {f.extra({ values, setError, check })}
                </div>
              ) : (
                <FormFieldInput
                  field={f}
                  id={id}
                  value={values[f.name]}
                  onChange={(v) => set(f.name, v)}
                  disabled={readOnly}
                  invalid={Boolean(error)}
                />
              )}
              {error ? (
                <span className="grid-cell-error" role="alert">
                  {error}
                </span>
              ) : null}
            </div>
          </Fragment>
        )
      })}
      {children}
      {readOnly ? null : (
        <div className="form-actions">
          <button
            type="submit"
            className="is-primary"
            disabled={busy || (props.disableWhenClean === true && !dirty)}
            aria-busy={busy || undefined}
            data-testid={testId ? `${testId}-save` : undefined}
          >
            {submitLabel ?? t`Save`}
          </button>
          {buttons}
          {onCancel ? (
            <button type="button" onClick={onCancel}>
              {t`Cancel`}
            </button>
          ) : null}
        </div>
      )}
    </form>
  )
}
