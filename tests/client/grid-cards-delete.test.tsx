import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GridCards } from '#client/features/orders/grid/grid-cards'
import { orderGrid } from '#client/features/orders/kinds/order-grids'
import { activateLocale } from '#client/lib/i18n'

beforeEach(() => activateLocale('en'))
afterEach(() => activateLocale('zh'))

const row = { Id: 7, OrderNo: 'SO-7', Customer: 'ACME', PartName: 'Hub', Quantity: 3 }

function renderCards(onRemove?: (id: number) => void, editable = true) {
  return render(
    <I18nProvider i18n={i18n}>
      <GridCards
        kind="Order"
        columns={orderGrid.columns}
        rows={[row]}
        errors={{}}
        waiting={{}}
        editable={editable}
        selected={new Set()}
        onSelect={() => undefined}
        onEdit={() => undefined}
        onRemove={onRemove}
      />
    </I18nProvider>,
  )
}

describe('order cards on phones: the swipe action follows the Delete button', () => {
  it('offers Delete on swipe when the role may delete', () => {
    renderCards(() => undefined)
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy()
    expect(screen.getByTestId('grid-cards').textContent).toContain('SO-7')
  })

  it('offers no Delete at all when the role hides it (no remover given)', () => {
    renderCards(undefined)
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.getByTestId('grid-cards').textContent).toContain('SO-7')
  })

  it('offers no Delete to a user who may not edit', () => {
    renderCards(() => undefined, false)
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
  })
})
