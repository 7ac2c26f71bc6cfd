import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DerivedHiddenNote } from '#client/features/system/components/derived-hidden-note'
import { activateLocale } from '#client/lib/i18n'

const show = (strings: string[]) =>
  render(
    <I18nProvider i18n={i18n}>
      <DerivedHiddenNote strings={strings} />
    </I18nProvider>,
  )

describe('role editor: the fields that go with a hidden column', () => {
  it('says that hiding the unit price hides the total, in English and Chinese', async () => {
    await activateLocale('en')
    show(['column-UnitPrice-show-false'])
    expect(screen.getByTestId('derived-hidden-note').textContent).toBe(
      'Hiding UnitPrice also hides TotalSum',
    )
    await activateLocale('zh')
    show(['column-Quantity-show-false'])
    const zh = screen.getAllByTestId('derived-hidden-note')[1]!.textContent ?? ''
    expect(zh).toContain('Quantity')
    expect(zh).toContain('TotalSum')
    expect(zh).toMatch(/隐藏/)
  })

  it('says nothing when no hidden column has a computed field', async () => {
    show(['column-Remark-show-false', 'button-delete-show-false'])
    expect(screen.queryByTestId('derived-hidden-note')).toBeNull()
  })
})
