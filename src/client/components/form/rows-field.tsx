import { useLingui } from '@lingui/react/macro'
import type { FieldRow, RowColumn } from './form-field.ts'

type Props = {
  id: string
  columns: RowColumn[]
  limit: number
  value: FieldRow[]
  onChange: (rows: FieldRow[]) => void
  disabled: boolean
}

const moved = (rows: FieldRow[], i: number, by: -1 | 1) => {
  const next = [...rows]
  const [r] = next.splice(i, 1)
  next.splice(i + by, 0, r!)
  return next
}

/** A list of rows of short texts (specification rows): add, edit, remove, move up or down. */
export function RowsField({ id, columns, limit, value, onChange, disabled }: Props) {
  const { t } = useLingui()
  const set = (i: number, name: string, text: string) =>
    onChange(value.map((r, j) => (j === i ? { ...r, [name]: text } : r)))
  const blank = () => Object.fromEntries(columns.map((c) => [c.name, '']))
  return (
    <div className="rows-field" id={id} role="group" aria-labelledby={`${id}-label`}>
      {value.map((r, i) => {
        const n = i + 1
        return (
          <fieldset key={i} className="rows-field-row" data-testid="rows-field-row">
            <legend>{t`Row ${n}`}</legend>
            {columns.map((c) => (
              <label key={c.name}>
                <span>{c.label}</span>
                <input
                  className="grid-input"
                  name={`${c.name}-${i}`}
                  value={r[c.name] ?? ''}
                  maxLength={c.max}
                  disabled={disabled}
                  onChange={(e) => set(i, c.name, e.target.value)}
                />
              </label>
            ))}
            {disabled ? null : (
              <span className="rows-field-actions">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => onChange(moved(value, i, -1))}
                  aria-label={t`Move row ${n} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === value.length - 1}
                  onClick={() => onChange(moved(value, i, 1))}
                  aria-label={t`Move row ${n} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  aria-label={t`Remove row ${n}`}
                >
                  ×
                </button>
              </span>
            )}
          </fieldset>
        )
      })}
      {disabled || value.length >= limit ? null : (
        <button
          type="button"
          className="rows-field-add"
          onClick={() => onChange([...value, blank()])}
          data-testid="rows-field-add"
        >
          {t`Add a row`}
        </button>
      )}
    </div>
  )
}
