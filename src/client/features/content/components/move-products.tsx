import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Toast } from '#client/components/feedback/toast'
import { useState } from 'react'
import type { Category } from '#shared/contract/content'
import { refusalText } from '#client/components/item-editor/item-sheet'
import { adminProductsKey, getAdminProducts } from '../api/get-admin-products.ts'
import { useContentSave } from '../api/post-content-save.ts'

/**
 * In a category's editor: how many products it holds, and moving all of them to another
 * category (one `SaveProduct` call, one transaction), so the category can then be removed.
 */
export function MoveProducts({
  category,
  categories,
  onMoved,
}: {
  category: Category
  categories: readonly Category[]
  onMoved: () => void
}) {
  const { t, i18n } = useLingui()
  const [target, setTarget] = useState('')
  const held = useQuery({
    queryKey: [...adminProductsKey, 'of-category', category.Id],
    queryFn: () => getAdminProducts({ pageIndex: 1, pageSize: 1000, categoryId: category.Id }),
  })
  const { save, isPending } = useContentSave('SaveProduct', [
    adminProductsKey,
    ['content', 'categories'],
    ['site'],
  ])
  const count = held.data?.total ?? 0
  if (count === 0) return null
  const move = async () => {
    try {
      await save({
        updateRecords: (held.data?.result ?? []).map((p) => ({
          Id: p.Id,
          CategoryId: Number(target),
        })),
      })
      Toast.show({ icon: 'success', content: t`The products were moved`, duration: 3000 })
      onMoved()
    } catch (e) {
      Toast.show({
        icon: 'fail',
        content: refusalText(e, t`The changes could not be saved`),
        duration: 3000,
      })
    }
  }
  return (
    <div className="move-products" data-testid="move-products">
      <p>{t`This category holds ${count} products. Move them to another category before removing it:`}</p>
      <select
        className="grid-input"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        aria-label={t`Move the products to`}
        data-testid="move-products-target"
      >
        <option value="">{t`Choose a category`}</option>
        {categories
          .filter((c) => c.Id !== category.Id)
          .map((c) => (
            <option key={c.Id} value={c.Id}>
              {i18n.locale === 'en' ? c.TitleEn || c.Title : c.Title}
            </option>
          ))}
      </select>
      <button
        type="button"
        disabled={!target || isPending}
        onClick={() => void move()}
        data-testid="move-products-go"
      >
        {t`Move the products`}
      </button>
    </div>
  )
}
