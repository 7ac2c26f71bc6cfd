import { lazy, Suspense } from 'react'
import { PhotoUpload } from '../upload/photo-upload.tsx'
import { uploadLimits } from '../upload/upload-limit.ts'
import type { FieldDef, FieldRow, FieldValue, UploadedFile } from './form-field.ts'
import { RowsField } from './rows-field.tsx'
import { digitsOnly, maxLengthOf, textareaRows } from './form-rules.ts'

const AreaField = lazy(() => import('./area-field.tsx').then((m) => ({ default: m.AreaField })))

type Props = {
  field: FieldDef
  id: string
  value: FieldValue | undefined
  onChange: (v: FieldValue) => void
  disabled: boolean
  invalid: boolean
}

const str = (v: FieldValue | undefined) => (typeof v === 'string' ? v : '')
const list = (v: FieldValue | undefined) => (Array.isArray(v) ? (v as string[]) : [])

/** The input of one form-builder field, by type. */
export function FormFieldInput({ field: f, id, value, onChange, disabled, invalid }: Props) {
  const common = {
    id,
    name: f.name,
    disabled,
    autoComplete: f.autoComplete,
    'aria-invalid': invalid || undefined,
    className: `grid-input${invalid ? ' has-error' : ''}`,
  }
  switch (f.type) {
    case 'text':
      return (
        <input
          {...common}
          type={f.inputType}
          inputMode={f.inputType}
          value={str(value)}
          placeholder={f.placeholder}
          maxLength={maxLengthOf(f)}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'password':
      return (
        <input
          {...common}
          type="password"
          value={str(value)}
          placeholder={f.placeholder}
          maxLength={maxLengthOf(f)}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'number':
      return (
        <input
          {...common}
          type={f.inputType}
          inputMode="numeric"
          value={str(value)}
          placeholder={f.placeholder}
          maxLength={f.max}
          onChange={(e) => onChange(digitsOnly(e.target.value))}
        />
      )
    case 'textarea':
      return (
        <textarea
          {...common}
          rows={textareaRows(f.rows)}
          value={str(value)}
          placeholder={f.placeholder}
          maxLength={maxLengthOf(f)}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'date':
      return (
        <input
          {...common}
          type="date"
          value={str(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      )
    case 'select':
      return (
        <select {...common} value={str(value)} onChange={(e) => onChange(e.target.value)}>
          <option value="">{f.placeholder ?? '—'}</option>
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )
    case 'radio':
    case 'checkbox': {
      const chosen = f.type === 'radio' ? [str(value)] : list(value)
      return (
        <div
          className="form-choices"
          role={f.type === 'radio' ? 'radiogroup' : 'group'}
          aria-labelledby={`${id}-label`}
          id={id}
        >
          {f.options.map((o) => (
            <label key={o.value} className="form-choice">
              <input
                type={f.type}
                name={f.name}
                value={o.value}
                disabled={disabled}
                checked={chosen.includes(o.value)}
                onChange={(e) => {
                  if (f.type === 'radio') onChange(o.value)
                  else
                    onChange(
                      e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value),
                    )
                }}
              />
              {o.label}
            </label>
          ))}
        </div>
      )
    }
    case 'area':
      return (
        <Suspense fallback={<span className="form-loading">…</span>}>
          <AreaField
            id={id}
            value={list(value)}
            onChange={onChange}
            disabled={disabled}
            invalid={invalid}
          />
        </Suspense>
      )
    case 'photo':
    case 'file':
      return (
        <PhotoUpload
          label={f.label}
          value={(Array.isArray(value) ? value : []) as UploadedFile[]}
          onChange={onChange}
          limit={f.limit ?? uploadLimits[f.type]}
          accept={f.accept}
          disabled={disabled}
          variant={f.type}
          sortable={f.type === 'photo' && f.sortable}
          endpoint={f.endpoint}
        />
      )
    case 'rows':
      return (
        <RowsField
          id={id}
          columns={f.columns}
          limit={f.limit}
          value={(Array.isArray(value) ? value : []) as FieldRow[]}
          onChange={onChange}
          disabled={disabled}
        />
      )
  }
}
