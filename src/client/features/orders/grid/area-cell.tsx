import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { chinaRegions } from '#shared/china-region-groups'
import { areaCodeList } from '#shared/contract/grid-area'
import { AreaField } from '#client/components/form/area-field'
import { areaNames, loadChinaAreas, type Region } from '#client/components/form/china-areas'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
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

type EditorProps = {
  value: unknown
  onChange: (value: string) => void
  label: string
  error?: string
  id?: string
}

/** Provinces in SPEC §3 region order (north to northwest), the others after them. */
const byRegion = (list: readonly Region[]) => [...list].sort((a, b) => rank(a) - rank(b))
const rank = (r: Region) => (r.region ? chinaRegions.indexOf(r.region) : chinaRegions.length)

/**
 * The phone's cascade sheet: provinces, then the chosen province's cities, then the districts;
 * choosing the last level (or a city without districts) picks the area. The path on top goes
 * back a level.
 */
function AreaSheet({
  tree,
  label,
  open,
  onClose,
  onPick,
}: {
  tree: readonly Region[]
  label: string
  open: boolean
  onClose: () => void
  onPick: (codes: string[]) => void
}) {
  const { t } = useLingui()
  const [path, setPath] = useState<Region[]>([])
  const level = path.length === 0 ? byRegion(tree) : (path.at(-1)!.children ?? [])
  const close = () => {
    setPath([])
    onClose()
  }
  const choose = (r: Region) => {
    const next = [...path, r]
    if (next.length === 3 || (r.children ?? []).length === 0) {
      onPick(next.map((n) => n.code))
      close()
    } else setPath(next)
  }
  return (
    <ResponsiveSheet open={open} onClose={close} title={label} testId="area-picker">
      <nav className="grid-area-path" aria-label={label}>
        <button
          type="button"
          onClick={() => setPath([])}
          aria-current={path.length === 0 ? 'step' : undefined}
        >
          {t`Province`}
        </button>
        {path.map((r, i) => (
          <button
            key={r.code}
            type="button"
            onClick={() => setPath(path.slice(0, i + 1))}
            aria-current={i === path.length - 1 ? 'step' : undefined}
          >
            {r.name}
          </button>
        ))}
      </nav>
      <ul className="grid-order-list grid-area-list">
        {level.map((r) => (
          <li key={r.code}>
            <button type="button" data-testid="area-choice" onClick={() => choose(r)}>
              {r.name}
            </button>
          </li>
        ))}
      </ul>
    </ResponsiveSheet>
  )
}

/**
 * The area of an order's customer: three linked selects (province grouped by SPEC §3
 * region, city, district) on wide screens; on phones a button that opens a cascade sheet.
 * The value is the codes, comma-joined; the server checks them against the division data.
 */
export function AreaEditor({ value, onChange, label, error, id }: EditorProps) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const tree = useChinaAreas()
  const [open, setOpen] = useState(false)
  const codes = areaCodeList(String(value ?? ''))
  if (!narrow) {
    return (
      <div className="grid-area" role="group" aria-label={label} title={error}>
        <AreaField
          id={id ?? 'grid-area'}
          value={codes}
          onChange={(next) => onChange(next.join(','))}
          disabled={false}
          invalid={Boolean(error)}
        />
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
        aria-label={`${label}: ${shown || t`Choose province, city, district`}`}
        disabled={!tree}
        onClick={() => setOpen(true)}
      >
        {shown || t`Choose province, city, district`}
      </button>
      {codes.length > 0 ? (
        <button type="button" className="grid-area-clear" onClick={() => onChange('')}>
          {t`Clear`}
        </button>
      ) : null}
      {tree ? (
        <AreaSheet
          tree={tree}
          label={label}
          open={open}
          onClose={() => setOpen(false)}
          onPick={(picked) => onChange(picked.join(','))}
        />
      ) : null}
    </div>
  )
}
