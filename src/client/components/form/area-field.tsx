import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { chinaRegions, type ChinaRegion } from '#shared/china-region-groups'
import { loadChinaAreas, type Region } from './china-areas.ts'

type Props = {
  id: string
  value: string[]
  onChange: (codes: string[]) => void
  disabled: boolean
  invalid: boolean
}

/**
 * Area field (SPEC §5): province, city and district of China as three linked selects; the value
 * is their six-digit codes. The division data loads on first use.
 */
export function AreaField({ id, value, onChange, disabled, invalid }: Props) {
  const { t } = useLingui()
  const [tree, setTree] = useState<Region[] | null>(null)
  useEffect(() => {
    let live = true
    void loadChinaAreas().then((r) => live && setTree(r))
    return () => {
      live = false
    }
  }, [])
  if (!tree) return <span className="form-loading">…</span>

  const levels: { label: string; options: Region[] }[] = []
  let options: Region[] | undefined = tree
  for (const [i, label] of [t`Province`, t`City`, t`District`].entries()) {
    levels.push({ label, options: options ?? [] })
    options = options?.find((r) => r.code === value[i])?.children
  }
  return (
    <div className="form-area" id={id}>
      {levels.map((level, i) => (
        <select
          key={level.label}
          aria-label={level.label}
          className={`grid-input${invalid ? ' has-error' : ''}`}
          disabled={disabled || level.options.length === 0}
          value={value[i] ?? ''}
          onChange={(e) => onChange([...value.slice(0, i), e.target.value].filter(Boolean))}
        >
          <option value="">{level.label}</option>
          {i === 0 ? (
            <ProvinceGroups provinces={level.options} />
          ) : (
            <Options list={level.options} />
          )}
        </select>
      ))}
    </div>
  )
}

const Options = ({ list }: { list: readonly Region[] }) =>
  list.map((r) => (
    <option key={r.code} value={r.code}>
      {r.name}
    </option>
  ))

/** Provinces grouped by their SPEC §3 geographic region, in the usual north-to-west order. */
function ProvinceGroups({ provinces }: { provinces: readonly Region[] }) {
  const { t } = useLingui()
  const label: Record<ChinaRegion, string> = {
    north: t`North China`,
    northeast: t`Northeast China`,
    east: t`East China`,
    central: t`Central China`,
    south: t`South China`,
    southwest: t`Southwest China`,
    northwest: t`Northwest China`,
  }
  const other = provinces.filter((p) => !p.region)
  return (
    <>
      {chinaRegions.map((region) => (
        <optgroup key={region} label={label[region]}>
          <Options list={provinces.filter((p) => p.region === region)} />
        </optgroup>
      ))}
      {other.length > 0 && <Options list={other} />}
    </>
  )
}
