import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { useDebouncedValue } from '#client/features/search/use-debounced-value'
import { useOrderChoices, type OrderChoice } from '../api/get-order-choices.ts'

type Props = {
  value: unknown
  onChange: (orderNo: string) => void
  label: string
  error?: string
  id?: string
  autoFocus?: boolean
}

const debounceMs = 300

function ChoiceText({ o }: { o: OrderChoice }) {
  return (
    <>
      <strong>{o.OrderNo}</strong>
      <span>{[o.Customer, o.PartName].filter(Boolean).join(' · ')}</span>
    </>
  )
}

/**
 * The order a record belongs to, chosen among the existing ones by number or customer
 * (issue 20): a search sheet on phones, an input with suggestions on wider screens (typing a
 * number still works; the server refuses one that does not exist).
 */
export function OrderPicker({ value, onChange, label, error, id, autoFocus }: Props) {
  const { t } = useLingui()
  const narrow = useNarrowScreen()
  const listId = useId()
  const current = String(value ?? '')
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const [active, setActive] = useState(-1)
  const search = useDebouncedValue((narrow ? keyword : current).trim(), debounceMs)
  const choices = useOrderChoices(search, open)
  const list = choices.data ?? []
  const pick = (o: OrderChoice) => {
    onChange(o.OrderNo)
    setOpen(false)
    setKeyword('')
  }

  if (narrow) {
    return (
      <>
        <button
          type="button"
          id={id}
          name="OrderNo"
          className={`grid-input grid-order-button${error ? ' has-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-haspopup="dialog"
          aria-label={`${label}: ${current || t`choose an order`}`}
          data-testid="order-picker-open"
          onClick={() => setOpen(true)}
        >
          {current || <span className="grid-order-placeholder">{t`Choose an order`}</span>}
        </button>
        <ResponsiveSheet open={open} onClose={() => setOpen(false)} title={t`Choose an order`} testId="order-picker">
          <input
            type="search"
            className="grid-input grid-order-search"
            placeholder={t`Order number or customer`}
            aria-label={t`Search orders by number or customer`}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <ul className="grid-order-list" aria-label={t`Orders`}>
            {list.map((o) => (
              <li key={o.Id}>
                <button type="button" className={o.OrderNo === current ? 'is-current' : undefined} data-testid="order-choice" onClick={() => pick(o)}>
                  <ChoiceText o={o} />
                </button>
              </li>
            ))}
          </ul>
          {choices.isFetched && list.length === 0 ? <p className="grid-state">{t`No order matches`}</p> : null}
        </ResponsiveSheet>
      </>
    )
  }

  const shown = open && list.length > 0
  return (
    <span className="grid-order-combo">
      <input
        id={id}
        name="OrderNo"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        title={error}
        autoFocus={autoFocus}
        className={`grid-input${error ? ' has-error' : ''}`}
        value={current}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => (onChange(e.target.value), setOpen(true), setActive(-1))}
        onKeyDown={(e) => {
          if (!shown) return
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            const step = e.key === 'ArrowDown' ? 1 : -1
            setActive((a) => (a + step + list.length) % list.length)
          } else if (e.key === 'Enter' && active >= 0 && list[active]) {
            e.preventDefault()
            pick(list[active])
          } else if (e.key === 'Escape') setOpen(false)
        }}
      />
      {shown ? (
        <ul className="grid-order-suggestions" id={listId} role="listbox" aria-label={t`Orders`} data-testid="order-suggestions">
          {list.map((o, i) => (
            <li
              key={o.Id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              // before the input's blur closes the list
              onMouseDown={(e) => (e.preventDefault(), pick(o))}
            >
              <ChoiceText o={o} />
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  )
}
