import { useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import { selectListQuery } from '../api/get-select-list.ts'
import type { GridColumn } from './grid-config.ts'
import type { SuggestSource } from './suggest-types.ts'
import { SuggestInput } from './suggest-input.tsx'

type Props = {
  suggest: NonNullable<GridColumn['suggest']>
  /** the field (the input's name) */
  name: string
  value: unknown
  onChange: (value: string) => void
  label: string
  error?: string
  id?: string
  autoFocus?: boolean
}

/** A grid text cell that suggests the values of the grid's records (customer, supplier, part, workshop); any text still goes. */
export function SuggestCell({
  suggest,
  name,
  value,
  onChange,
  label,
  error,
  id,
  autoFocus,
}: Props) {
  const { t } = useLingui()
  const { kind, type } = suggest
  const source = useMemo<SuggestSource<string>>(
    () => ({ query: selectListQuery(kind, type), key: (v) => v, text: (v) => v, render: (v) => v }),
    [kind, type],
  )
  const texts = {
    title: label,
    choose: t`Choose or type`,
    placeholder: t`Type to search earlier entries`,
    list: t`Suggestions`,
    empty: t`No earlier entry matches`,
  }
  return (
    <SuggestInput
      source={source}
      texts={texts}
      value={String(value ?? '')}
      onChange={onChange}
      name={name}
      label={label}
      error={error}
      id={id}
      autoFocus={autoFocus}
      testId={`suggest-${name}`}
    />
  )
}
