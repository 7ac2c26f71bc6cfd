import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter, type AnyRoute } from '@tanstack/react-router'
import { DotLoading } from 'antd-mobile'
import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import { useLocale, usePick } from '#client/lib/locale-store'
import { can, subjectOf } from '#shared/acl'
import { ordersPermission } from '#shared/permissions'
import { userInfoQueryOptions } from '#client/features/auth/api/get-user-info'
import { useOrderSuggestions } from '../api/get-order-suggestions.ts'
import { useProductSuggestions } from '../api/get-product-suggestions.ts'
import {
  matchesKeyword,
  menuPagePaths,
  staffPagesOf,
  userMenuQueryKey,
  webSearchUrl,
} from '../staff-pages.ts'
import { useDebouncedValue } from '../use-debounced-value.ts'

type Suggestion = {
  key: string
  kind: 'page' | 'product' | 'order' | 'web'
  label: string
  detail?: string
  go: () => void
}

/** Staff pages the signed-in user's menu holds (all staff pages when no menu is cached). */
function useStaffPages() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const menu = queryClient.getQueryData(userMenuQueryKey)
  return useMemo(() => {
    const allowed = menuPagePaths(menu)
    const pages = staffPagesOf(router.routesById as unknown as Record<string, AnyRoute | undefined>)
    return allowed ? pages.filter((p) => allowed.has(p.path)) : pages
  }, [router, menu])
}

/**
 * The header search (SPEC §2): staff pages, products (name or part number) and orders (number,
 * customer or part) as suggestions,
 * input debounced 500 ms; choosing one opens it, or a web search for the text.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const pick = usePick()
  const navigate = useNavigate()
  const listId = useId()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const keyword = useDebouncedValue(text.trim())
  const pages = useStaffPages()
  const products = useProductSuggestions(keyword)
  const me = useQueryClient().getQueryData(userInfoQueryOptions().queryKey)
  const orders = useOrderSuggestions(
    keyword,
    me !== undefined && can(subjectOf(me.Role, me.Abilities), ordersPermission),
  )

  const choose = (go: () => void) => {
    onClose()
    setText('')
    go()
  }
  const suggestions: Suggestion[] = [
    ...pages
      .map((p) => ({ path: p.path, label: i18n._(p.title) }))
      .filter((p) => matchesKeyword(keyword, p.label, p.path))
      .map((p) => ({
        key: `page:${p.path}`,
        kind: 'page' as const,
        label: p.label,
        detail: p.path,
        go: () => void navigate({ to: p.path }),
      })),
    ...(keyword === '' ? [] : (products.data ?? [])).map((p) => ({
      key: `product:${p.Id}`,
      kind: 'product' as const,
      label: pick(p.Title, p.TitleEn),
      detail: p.PartNo,
      go: () => void navigate({ to: '/prodetail', search: { id: p.Id } }),
    })),
    ...(keyword === '' ? [] : (orders.data ?? [])).map((o) => ({
      key: `order:${o.Id}`,
      kind: 'order' as const,
      // a column hidden by the user's grid permissions is absent (SPEC §6)
      label: o.OrderNo ?? `#${o.Id}`,
      detail: [o.Customer, o.PartName].filter(Boolean).join(' '),
      go: () => void navigate({ to: '/order/order', search: { id: o.Id, orderId: o.OrderNo } }),
    })),
    ...(keyword === ''
      ? []
      : [
          {
            key: 'web',
            kind: 'web' as const,
            label: t`Search the web for “${keyword}”`,
            go: () => void window.open(webSearchUrl(keyword, locale), '_blank', 'noopener'),
          },
        ]),
  ]
  const current = Math.min(active, Math.max(0, suggestions.length - 1))

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const n = suggestions.length
      if (n > 0) setActive((current + (e.key === 'ArrowDown' ? 1 : n - 1)) % n)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const s = suggestions[current]
      if (s) choose(s.go)
    }
  }
  const kindLabel = { page: t`Page`, product: t`Product`, order: t`Order`, web: t`Web` }

  return (
    <ResponsiveSheet open={open} onClose={onClose} title={t`Search`} testId="search-dialog">
      <div className="search-box">
        <input
          className="search-input"
          type="search"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-activedescendant={suggestions[current] ? `${listId}-${current}` : undefined}
          aria-label={t`Search pages and products`}
          placeholder={t`Page, product name or part number`}
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
        />
        {keyword !== '' && (products.isFetching || orders.isFetching) ? <DotLoading /> : null}
      </div>
      {suggestions.length === 0 ? (
        <p className="search-empty">
          <Trans>No suggestions</Trans>
        </p>
      ) : (
        <ul className="search-list" role="listbox" id={listId} aria-label={t`Suggestions`}>
          {suggestions.map((s, i) => (
            <li
              key={s.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={`search-option${i === current ? ' is-active' : ''}`}
              data-testid="search-option"
              data-kind={s.kind}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(s.go)}
            >
              <span className="search-kind">{kindLabel[s.kind]}</span>
              <span className="search-label">{s.label}</span>
              {s.detail ? <span className="search-detail">{s.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </ResponsiveSheet>
  )
}
