import { useLingui } from '@lingui/react/macro'
import { CascadePicker, type CascadePickerOption } from 'antd-mobile'
import { useEffect, useMemo, useState } from 'react'
import { areaCodeList } from '#shared/contract/grid-area'
import { AreaField } from '#client/components/form/area-field'
import { areaNames, loadChinaAreas, type Region } from '#client/components/form/china-areas'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import './area-cell.css'

/** The division data (SPEC §3 region items), loaded on first use; null until it has come. */
function useChinaAreas(): Region[] | null {
  const [tree, setTree] = useState<Region[] | null>(null)
  useEffect(() => {
    let live = true
    void loadChinaAreas().then((r) => live && setTree(r))
    return () => {
      live = false
    }
  }, [])
  return tree
}

const text = (tree: readonly Region[] | null, value: unknown) =>
  tree ? areaNames(tree, areaCodeList(String(value ?? ''))).join(' / ') : ''

/** An area cell as text: province / city / district. */
export function AreaView({ value }: { value: unknown }) {
  const tree = useChinaAreas()
  return <span className="grid-area-text">{text(tree, value)}</span>
}

const optionsOf = (list: readonly Region[]): CascadePickerOption[] =>
  list.map((r) => ({ label: r.name, value: r.code, children: r.children && r.children.length > 0 ? optionsOf(r.children) : undefined }))

type EditorProps = { value: unknown; onChange: (value: string) => void; label: string; error?: string; id?: string }

/**
 * The area of an order's customer (issue 16): three linked selects (province grouped by SPEC §3
 * region, city, district) on wide screens; on phones a button that opens a cascade picker sheet.
 * The value is the codes, comma-joined; the server checks them against the division data.
 */
export function AreaEditor({ value, onChange, label, error, id }: EditorProps) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const tree = useChinaAreas()
  const [open, setOpen] = useState(false)
  const codes = areaCodeList(String(value ?? ''))
  const options = useMemo(() => (tree && narrow ? optionsOf(tree) : []), [tree, narrow])
  if (!narrow) {
    return (
      <div className="grid-area" role="group" aria-label={label} title={error}>
        <AreaField id={id ?? 'grid-area'} value={codes} onChange={(next) => onChange(next.join(','))} disabled={false} invalid={Boolean(error)} />
      </div>
    )
  }
  const shown = text(tree, value)
  return (
    <div className="grid-area-phone">
      <button
        type="button"
        id={id}
        className={`grid-input grid-area-button${error ? ' has-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-haspopup="dialog"
        aria-label={`${label}: ${shown || t`choose an area`}`}
        onClick={() => setOpen(true)}
      >
        {shown || t`Choose province, city, district`}
      </button>
      {codes.length > 0 ? (
        <button type="button" className="grid-area-clear" onClick={() => onChange('')}>
          {t`Clear`}
        </button>
      ) : null}
      <CascadePicker
        title={label}
        options={options}
        visible={open}
        value={codes}
        confirmText={t`Done`}
        cancelText={t`Cancel`}
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange(picked.filter((c): c is string => typeof c === 'string' && c !== '').join(','))}
      />
    </div>
  )
}
