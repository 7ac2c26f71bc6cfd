import { useLingui } from '@lingui/react/macro'
import { Toast } from '#client/components/feedback/toast'
import { useState, type ReactNode } from 'react'
import { ApiError, errorText } from '#client/lib/http'
import { useUnsavedWork } from '#client/lib/unsaved-work'
import type { FieldDef, FieldValue, FormValues } from './form-field.ts'
import { FormFieldInput } from './form-field-input.tsx'
import { isEmpty, joinMessages, validateForm } from './form-rules.ts'
import { ruleErrorText } from './rule-error-text.ts'
import { useFocusFirstError } from './focus-first-error.ts'
import './form.css'

type Props = {
  fields: readonly FieldDef[]
  initial: FormValues
  /** saves; `changed` holds only the fields that differ from `initial` */
  onSubmit: (values: FormValues, changed: FormValues) => Promise<void>
  /** without the right to save: every input disabled, no save button */
  readOnly?: boolean
  /** fills a field's `translateTo` from its text; absent: no translate action */
  translate?: (text: string) => Promise<string>
  onCancel?: () => void
  testId?: string
  children?: ReactNode
}

const same = (a: FieldValue | undefined, b: FieldValue | undefined) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '')

/**
 * Form builder (SPEC §5): renders the fields, checks them when the form is submitted (every field
 * is required unless marked optional) and shows all messages joined in one toast when any fails,
 * each also under its field. Server field errors (`postData.updateRecords.0.Title`) are placed
 * under the field of the same name.
 */
export function FormBuilder({ fields, initial, onSubmit, readOnly = false, translate, onCancel, testId, children }: Props) {
  const { t } = useLingui()
  const [base, setBase] = useState(initial)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const { ref, focusErrors } = useFocusFirstError<HTMLFormElement>()
  const [translating, setTranslating] = useState<string | null>(null)
  const changed = Object.fromEntries(fields.filter((f) => !same(values[f.name], base[f.name])).map((f) => [f.name, values[f.name]!]))
  const dirty = Object.keys(changed).length > 0
  useUnsavedWork(dirty && !readOnly)

  const set = (name: string, v: FieldValue) => {
    setValues((cur) => ({ ...cur, [name]: v }))
    setErrors((cur) => (cur[name] ? { ...cur, [name]: '' } : cur))
  }

  const submit = async () => {
    const found = validateForm(fields, values)
    setErrors(found)
    const messages = Object.values(found)
    if (messages.length > 0) {
      focusErrors()
      Toast.show({ icon: 'fail', content: joinMessages(messages), duration: 3000 })
      return
    }
    setBusy(true)
    try {
      await onSubmit(values, changed)
      setBase(values)
      Toast.show({ icon: 'success', content: t`Saved`, duration: 3000 })
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
      Toast.show({ icon: 'fail', content: errorText(e, t`The changes could not be saved`), duration: 3000 })
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
    <form ref={ref} className="grid-form form-builder" data-testid={testId} noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      {fields.map((f) => {
        const id = `${testId ?? 'form'}-${f.name}`
        const error = errors[f.name]
        const missingEn = f.englishOf !== undefined && isEmpty(values[f.name]) && !isEmpty(values[f.englishOf])
        return (
          <div key={f.name} className={`grid-form-row${error ? ' has-error' : ''}`} data-field={f.name}>
            <div className="form-label-row">
              <label htmlFor={id} id={`${id}-label`}>
                {f.label}
                {f.optional ? null : <span className="form-required" aria-hidden="true">*</span>}
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
            <FormFieldInput field={f} id={id} value={values[f.name]} onChange={(v) => set(f.name, v)} disabled={readOnly} invalid={Boolean(error)} />
            {error ? (
              <span className="grid-cell-error" role="alert">
                {error}
              </span>
            ) : null}
          </div>
        )
      })}
      {children}
      {readOnly ? null : (
        <div className="form-actions">
          <button type="submit" className="is-primary" disabled={busy} data-testid={testId ? `${testId}-save` : undefined}>
            {t`Save`}
          </button>
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
