import { useLingui } from '@lingui/react/macro'
import { orderChoicesQuery, type OrderChoice } from '../api/get-order-choices.ts'
import type { SuggestSource } from './suggest-types.ts'
import { SuggestInput } from './suggest-input.tsx'

type Props = {
  value: unknown
  onChange: (orderNo: string) => void
  label: string
  error?: string
  id?: string
  autoFocus?: boolean
}

const orders: SuggestSource<OrderChoice> = {
  query: orderChoicesQuery,
  key: (o) => o.Id,
  text: (o) => o.OrderNo,
  render: (o) => (
    <>
      <strong>{o.OrderNo}</strong>
      <span>{[o.Customer, o.PartName].filter(Boolean).join(' · ')}</span>
    </>
  ),
}

/**
 * The order a record belongs to, chosen among the existing ones by number or customer:
 * a search sheet on phones, an input with suggestions on wider screens (typing a
 * number still works; the server refuses one that does not exist).
 */
export function OrderPicker({ value, onChange, label, error, id, autoFocus }: Props) {
  const { t } = useLingui()
  const texts = {
    title: t`Choose an order`,
    choose: t`Choose an order`,
    placeholder: t`Order number or customer`,
    list: t`Orders`,
    empty: t`No order matches`,
  }
  return (
    <SuggestInput
      source={orders}
      texts={texts}
      value={String(value ?? '')}
      onChange={onChange}
      name="OrderNo"
      label={label}
      error={error}
      id={id}
      autoFocus={autoFocus}
      testId="order-picker"
      freeText={false}
    />
  )
}
