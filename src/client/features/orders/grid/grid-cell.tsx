import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import type { GridColumn } from './grid-config.ts'
import { formatGridNumber } from './grid-number.ts'
import { OrderPicker } from './order-picker.tsx'
import { SuggestCell } from './suggest-cell.tsx'
import { FileCellView } from './file-cell.tsx'

/** The file editor (uploads, limits, camera) loads when a file cell is first edited. */
const FileField = lazy(() => import('./file-field.tsx').then((m) => ({ default: m.FileField })))
import { LazyAreaEditor, LazyAreaView } from './lazy-area-cell.tsx'

/** Audit tag (SPEC §2): > 0 passed, 0 pending, < 0 not passed. */
export function AuditTag({ status }: { status: number }) {
  const { t } = useLingui()
  const [cls, text] =
    status > 0
      ? ['is-passed', t`Passed`]
      : status < 0
        ? ['is-rejected', t`Not passed`]
        : ['is-pending', t`Pending audit`]
  return <span className={`grid-tag ${cls}`}>{text}</span>
}

/** A value saved offline and not yet confirmed by the server (pending-saves.ts). */
export function WaitingMark() {
  const { t } = useLingui()
  return (
    <span className="grid-tag is-waiting" data-testid="grid-waiting">
      {t`Waiting to be sent`}
    </span>
  )
}

const dateOnly = (v: unknown) => (typeof v === 'string' ? v.slice(0, 10) : '')
/** A stored number formatted; text the user typed (an unsaved or refused edit) shown as typed. */
const number = (v: unknown, decimals: number) =>
  typeof v === 'string' || v === undefined || v === null || Number.isNaN(Number(v))
    ? String(v ?? '')
    : formatGridNumber(Number(v), decimals)

/** Yes/no and coded choices: the cells that need the translations. */
function TranslatedCell({ column, value }: { column: GridColumn; value: unknown }) {
  const { t, i18n } = useLingui()
  if (column.type === 'bool')
    return (
      <span className={`grid-tag ${value ? 'is-yes' : 'is-no'}`}>{value ? t`Yes` : t`No`}</span>
    )
  const option = column.options?.find((o) => String(o.value) === String(value))
  return <>{option ? i18n._(option.label) : ''}</>
}

/** A cell as text (and tags for audit state and yes/no); plain values render without hooks. `compact`: inside a phone card. */
export function CellView({
  column,
  value,
  compact,
}: {
  column: GridColumn
  value: unknown
  compact?: boolean
}) {
  switch (column.type) {
    case 'files':
      return <FileCellView value={value} compact={compact} />
    case 'audit':
      return <AuditTag status={Number(value ?? 0)} />
    case 'bool':
    case 'choice':
      return <TranslatedCell column={column} value={value} />
    case 'area':
      return <LazyAreaView value={value} />
    case 'date':
      return <>{dateOnly(value)}</>
    case 'int':
      return <>{number(value, 0)}</>
    case 'price':
    case 'total':
      return <>{number(value, 3)}</>
    default:
      return <>{String(value ?? '')}</>
  }
}

type EditorProps = {
  column: GridColumn
  value: unknown
  onChange: (value: unknown) => void
  error?: string
  id?: string
  /** focus the input when it appears (a table cell switched to editing) */
  autoFocus?: boolean
}

/** The input of an editable cell; the same inputs serve the phone edit form. */
export function CellEditor({ column, value, onChange, error, id, autoFocus }: EditorProps) {
  const { t, i18n } = useLingui()
  const common = {
    id,
    name: column.key,
    className: `grid-input${error ? ' has-error' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-label': i18n._(column.label),
    title: error,
    autoFocus,
  }
  if (column.type === 'bool') {
    return (
      <select
        {...common}
        value={value ? '1' : '0'}
        onChange={(e) => onChange(e.target.value === '1')}
      >
        <option value="1">{t`Yes`}</option>
        <option value="0">{t`No`}</option>
      </select>
    )
  }
  if (column.type === 'files') {
    return (
      <Suspense fallback={<FileCellView value={value} />}>
        <FileField
          id={id}
          column={column}
          value={value}
          onChange={onChange}
          label={common['aria-label']}
          error={error}
        />
      </Suspense>
    )
  }
  if (column.type === 'order') {
    return (
      <OrderPicker
        id={id}
        value={value}
        onChange={onChange}
        label={common['aria-label']}
        error={error}
        autoFocus={autoFocus}
      />
    )
  }
  if (column.suggest)
    return (
      <SuggestCell
        suggest={column.suggest}
        name={column.key}
        value={value}
        onChange={onChange}
        label={common['aria-label']}
        error={error}
        id={id}
        autoFocus={autoFocus}
      />
    )
  if (column.type === 'area') {
    return (
      <LazyAreaEditor
        id={id}
        value={value}
        onChange={onChange}
        label={common['aria-label']}
        error={error}
      />
    )
  }
  if (column.type === 'choice') {
    const options = column.options ?? []
    const current = options.some((o) => String(o.value) === String(value)) ? String(value) : ''
    return (
      <select
        {...common}
        value={current}
        onChange={(e) =>
          onChange(options.find((o) => String(o.value) === e.target.value)?.value ?? '')
        }
      >
        <option value="" />
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {i18n._(o.label)}
          </option>
        ))}
      </select>
    )
  }
  const numeric = column.type === 'int' || column.type === 'price'
  return (
    <input
      {...common}
      type={column.type === 'date' ? 'date' : 'text'}
      inputMode={
        column.type === 'int' ? 'numeric' : column.type === 'price' ? 'decimal' : undefined
      }
      value={column.type === 'date' ? dateOnly(value) : String(value ?? '')}
      onChange={(e) => onChange(e.target.value)}
      style={numeric ? { textAlign: 'right' } : undefined}
    />
  )
}
