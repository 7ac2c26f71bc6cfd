import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { usePick } from '#client/lib/locale-store'
import { productQueryOptions } from '../api/get-product.ts'

/** The first line of a quotation request for product `id` (title and part number), or ''. */
export function useQuoteMessage(id: number | undefined): string {
  const { t } = useLingui()
  const pick = usePick()
  const product = useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== undefined }).data
  if (!id || !product) return ''
  const title = pick(product.Title, product.TitleEn)
  const partNo = product.PartNo
  return `${partNo ? t`Quotation request: ${title}, part number ${partNo}` : t`Quotation request: ${title}`}\n`
}
