import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, renderHook, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { HistoryEntry } from '#shared/contract/history'
import { formHistoryFields } from '#client/components/history/form-history-fields'
import { HistoryEntryView } from '#client/components/history/history-entry'
import { equipmentFields } from '#client/features/content/components/content-fields'
import { useDeletedRecordKind } from '#client/features/system/components/deleted-record-fields'
import { useGridHistoryFields } from '#client/features/orders/grid/history-panel'
import { orderGrid } from '#client/features/orders/kinds/order-grids'
import { activateLocale } from '#client/lib/i18n'

/**
 * A content record's history (also a deleted one, from the operation log) names its
 * fields as the editor labels them, and an empty picture list reads naturally, in zh and en.
 */
afterEach(() => activateLocale('zh'))

const entry = (Action: HistoryEntry['Action'], Changes: HistoryEntry['Changes']): HistoryEntry => ({
  Id: 1,
  At: '2026-11-28T08:00:00Z',
  UserId: 1,
  UserName: 'admin',
  How: 'screen',
  Action,
  Changes,
})

function show(e: HistoryEntry) {
  const fields = new Map(formHistoryFields(equipmentFields()).map((f) => [f.key, f]))
  render(
    <I18nProvider i18n={i18n}>
      <ol>
        <HistoryEntryView entry={e} fields={fields} />
      </ol>
    </I18nProvider>,
  )
  return screen.getByTestId('history-entry')
}
const line = (box: HTMLElement, field: string) => box.querySelector(`[data-field=${field}]`)

const words = {
  zh: {
    name: '姓名（中文）',
    quantity: '数量',
    gallery: '更多图片',
    none: '无图片',
    two: '2 张图片',
  },
  en: {
    name: 'Name (Chinese)',
    quantity: 'Quantity',
    gallery: 'More pictures',
    none: 'no pictures',
    two: '2 pictures',
  },
}

describe('a content record history entry', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`(${lang}) labels fields as the editor does and leaves out a new record's empty pictures`, async () => {
      await activateLocale(lang)
      const box = show(
        entry('create', [
          { field: 'Name', old: null, new: 'Press' },
          { field: 'Quantity', old: null, new: 2 },
          { field: 'Gallery', old: null, new: [] },
          { field: 'Image', old: null, new: '' },
        ]),
      )
      // the editor's own label of the field
      const editorName = equipmentFields().find((f) => f.name === 'Name')!.label
      expect(line(box, 'Name')?.querySelector('dt')?.textContent).toBe(editorName)
      expect(editorName).toContain(words[lang].name)
      expect(line(box, 'Quantity')?.querySelector('dt')?.textContent).toBe(words[lang].quantity)
      expect(line(box, 'Gallery')).toBeNull()
      expect(line(box, 'Image')).toBeNull()
      expect(within(box).queryByText(/^0/)).toBeNull()
    })

    it(`(${lang}) a picture list emptied reads as no pictures`, async () => {
      await activateLocale(lang)
      const box = show(entry('update', [{ field: 'Gallery', old: '["/a.png","/b.png"]', new: [] }]))
      const gallery = line(box, 'Gallery')!
      expect(gallery.querySelector('dt')?.textContent).toBe(words[lang].gallery)
      expect(gallery.querySelector('dd')?.textContent).toBe(
        `${words[lang].two} → ${words[lang].none}`,
      )
    })
  }
})

describe("the operation log's deleted records", () => {
  const kinds = {
    zh: { Equipment: ['设备展示', '数量'], Carousel: ['轮播图', '链接'], Order: ['订单', '数量'] },
    en: {
      Equipment: ['Equipment', 'Quantity'],
      Carousel: ['Carousel', 'Link'],
      Order: ['Orders', 'Quantity'],
    },
  }
  for (const lang of ['zh', 'en'] as const)
    it(`(${lang}) a deleted content record is named and labelled as its screen does`, async () => {
      await activateLocale(lang)
      for (const [type, [name, label]] of Object.entries(kinds[lang])) {
        const { result } = renderHook(() => useDeletedRecordKind(type), {
          wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
        })
        expect(result.current.name).toBe(name)
        const key = type === 'Carousel' ? 'Link' : 'Quantity'
        expect(result.current.fields.find((f) => f.key === key)?.label).toContain(label)
      }
    })
})

describe("an order's history", () => {
  const words = {
    zh: { material: '材料', supplied: '客供料' },
    en: { material: 'Material', supplied: 'Customer-supplied' },
  }
  function showOrder(e: HistoryEntry) {
    const { result } = renderHook(() => useGridHistoryFields(orderGrid.columns), {
      wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
    })
    const fields = new Map(result.current.map((f) => [f.key, f]))
    render(
      <I18nProvider i18n={i18n}>
        <ol>
          <HistoryEntryView entry={e} fields={fields} />
        </ol>
      </I18nProvider>,
    )
    return screen.getByTestId('history-entry')
  }

  for (const lang of ['zh', 'en'] as const)
    it(`(${lang}) a choice created unset is left out; set later it reads "- → label"`, async () => {
      await activateLocale(lang)
      const created = showOrder(
        entry('create', [
          { field: 'Quantity', old: null, new: 10 },
          { field: 'Workshop', old: null, new: 0 },
        ]),
      )
      expect(line(created, 'Quantity')).not.toBeNull()
      expect(line(created, 'Workshop')).toBeNull()
      cleanup()
      const edited = showOrder(entry('update', [{ field: 'Workshop', old: 0, new: 1 }]))
      const material = line(edited, 'Workshop')!
      expect(material.querySelector('dt')?.textContent).toBe(words[lang].material)
      expect(material.querySelector('dd')?.textContent).toBe(`- → ${words[lang].supplied}`)
    })
})
