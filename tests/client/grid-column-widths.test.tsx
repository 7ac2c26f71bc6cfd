import { render } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { activateLocale } from '#client/lib/i18n'
import { GridTable } from '#client/features/orders/grid/grid-table'
import { textWidth } from '#client/features/orders/grid/grid-column-widths'
import { orderGrid } from '#client/features/orders/kinds/order-grids'

beforeAll(() => activateLocale('zh'))

const customer = '江苏常州汽车零部件制造有限公司'
const part = '1.5T 四缸汽油机曲轴（精加工）'
const rows = [
  {
    Id: 1,
    OrderNo: 'FL2026-0901',
    Customer: customer,
    CustomerArea: '',
    PartName: part,
    Quantity: '10',
    UnitPrice: '1',
    TotalSum: '10',
    PriceSign: '¥',
    AuditStatus: 0,
  },
  {
    Id: 2,
    OrderNo: 'FL2026-0902',
    Customer: '宁波',
    CustomerArea: '',
    PartName: '连杆',
    Quantity: '5',
    UnitPrice: '1',
    TotalSum: '5',
    PriceSign: '¥',
    AuditStatus: 0,
  },
]

const widthOf = (c: HTMLElement, key: string) =>
  parseFloat((c.querySelector(`[data-testid="grid-th-${key}"]`) as HTMLElement).style.width)

describe('order grid column widths fit their content', () => {
  it('a mostly empty customer-area column stays narrow; customer and part names get their whole width', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <GridTable
          columns={orderGrid.columns}
          rows={rows}
          errors={{}}
          waiting={{}}
          selected={new Set()}
          onSelect={() => {}}
          onSelectAll={() => {}}
          onEdit={() => {}}
          editable={false}
          height={600}
          dirtyIds={new Set()}
        />
      </I18nProvider>,
    )
    expect(widthOf(container, 'CustomerArea')).toBeLessThanOrEqual(120)
    expect(widthOf(container, 'Customer')).toBeGreaterThanOrEqual(textWidth(customer) + 16)
    expect(widthOf(container, 'PartName')).toBeGreaterThanOrEqual(textWidth(part) + 16)
    // a header is never cut either
    expect(widthOf(container, 'WorkshopSupervisor')).toBeGreaterThanOrEqual(
      textWidth('车间主管') + 16,
    )
  })
})
