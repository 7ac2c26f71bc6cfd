import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { logResultText } from '#client/features/system/log-result'
import { activateLocale, loadStaffCatalog } from '#client/lib/i18n'

/** The Chinese operation log reads in Chinese: a save's counts too, not "成功: inserted 0, …". */
describe('a log result on the log page', () => {
  it('reads a save and an import in the page language', async () => {
    await activateLocale('zh')
    await loadStaffCatalog()
    const save = logResultText(i18n, 'success: inserted 0, updated 1, removed 0')
    expect(save).not.toMatch(/inserted|updated|removed/)
    expect(save).toMatch(/^成功/)
    expect(save).toContain('1')
    expect(logResultText(i18n, 'success: inserted 3, updated 2, unchanged 7')).not.toMatch(/[a-z]/)
    expect(logResultText(i18n, 'permission denied')).toBe('没有权限')
    await activateLocale('en')
    await loadStaffCatalog()
    expect(logResultText(i18n, 'success: inserted 0, updated 1, removed 0')).toBe(
      'Success: 0 added, 1 changed, 0 removed',
    )
  })
})
