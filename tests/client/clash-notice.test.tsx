import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RowConflict } from '#shared/contract/row-version'
import { ClashNotice } from '#client/components/clash/clash-notice'
import { clashTime } from '#client/components/clash/clash-time'
import { activateLocale } from '#client/lib/i18n'

afterEach(async () => {
  cleanup()
  await activateLocale('zh')
})

const at = new Date()
at.setHours(10, 42, 0, 0)
const conflict = (over: Partial<RowConflict> = {}): RowConflict => ({
  Id: 7,
  field: 'UnitPrice',
  base: 800,
  current: 900,
  currentBy: '王丽',
  currentAt: at.toISOString(),
  mine: 1200,
  currentVersion: 5,
  ...over,
})
const labels: Record<string, string> = { UnitPrice: 'Unit price', Remark: 'Remark' }

function show(conflicts: RowConflict[], deleting = false) {
  const keep = vi.fn()
  const take = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <ClashNotice
        conflicts={conflicts}
        title="SO-7"
        deleting={deleting}
        label={(f) => labels[f] ?? f}
        value={(_f, v) => (typeof v === 'number' ? v.toLocaleString('en') : String(v))}
        onKeepMine={keep}
        onTakeTheirs={take}
      />
    </I18nProvider>,
  )
  return { box: screen.getByTestId('clash'), keep, take }
}

describe('a clash where the edit was made', () => {
  it('says per field who changed it, when, their value and mine, as an alert (en)', async () => {
    await activateLocale('en')
    const { box } = show([conflict(), conflict({ field: 'Remark', current: 'Fri', mine: 'Thu' })])
    expect(box.getAttribute('role')).toBe('alert')
    const lines = within(box)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(lines).toEqual([
      'Unit price changed by 王丽 at 10:42: 900 / yours: 1,200',
      'Remark changed by 王丽 at 10:42: Fri / yours: Thu',
    ])
  })

  it('in Chinese too, and Keep mine / Take theirs call back', async () => {
    await activateLocale('zh')
    const { box, keep, take } = show([conflict()])
    expect(within(box).getByRole('listitem').textContent).toBe(
      'Unit price 王丽 于 10:42 修改为：900 / 您的：1,200',
    )
    fireEvent.click(within(box).getByRole('button', { name: '保留我的' }))
    expect(keep).toHaveBeenCalledOnce()
    fireEvent.click(within(box).getByRole('button', { name: '采用对方的' }))
    expect(take).toHaveBeenCalledOnce()
  })

  it('a record deleted since says by whom and when, and offers only to discard the edit', async () => {
    await activateLocale('en')
    const { box, take } = show([
      conflict({ field: 'Id', deleted: true, current: null, currentBy: '张伟' }),
    ])
    expect(within(box).getByTestId('clash-deleted').textContent).toBe('Deleted by 张伟 at 10:42')
    expect(within(box).queryByRole('button', { name: 'Keep mine' })).toBeNull()
    fireEvent.click(within(box).getByRole('button', { name: 'Discard my edit' }))
    expect(take).toHaveBeenCalledOnce()
  })

  it('a refused delete says the delete was mine', async () => {
    await activateLocale('en')
    const { box } = show([conflict({ mine: null })], true)
    expect(within(box).getByRole('listitem').textContent).toContain('yours: delete the record')
  })

  it('an older change shows its date as well as its time', async () => {
    const now = new Date('2026-12-07T12:00:00')
    expect(clashTime(new Date('2026-12-07T10:42:00').toISOString(), 'en', now)).toBe('10:42')
    expect(clashTime(new Date('2026-12-05T10:42:00').toISOString(), 'en', now)).toBe('12/5, 10:42')
  })
})
