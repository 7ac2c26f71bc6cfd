import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen, waitFor } from '@testing-library/react'
import { afterAll, describe, expect, it } from 'vitest'
import { AreaField } from '#client/components/form/area-field'
import { loadChinaAreas } from '#client/components/form/china-areas'
import { activateLocale } from '#client/lib/i18n'
import { chinaRegions, provinceMeta } from '#shared/china-region-groups'

afterAll(() => activateLocale('zh'))

describe('China region items (SPEC §3)', () => {
  it('every province carries one of the seven regions; the flags name the province-level cities and autonomous regions', async () => {
    const tree = await loadChinaAreas()
    expect(tree.length).toBeGreaterThanOrEqual(31)
    for (const p of tree) expect(chinaRegions, p.name).toContain(p.region)
    const named = (flag: 'provinceLevelCity' | 'autonomousRegion') =>
      tree
        .filter((p) => p[flag])
        .map((p) => p.name)
        .sort()
    expect(named('provinceLevelCity')).toEqual(['上海市', '北京市', '天津市', '重庆市'].sort())
    expect(named('autonomousRegion')).toEqual(
      ['内蒙古自治区', '宁夏回族自治区', '广西壮族自治区', '新疆维吾尔自治区', '西藏自治区'].sort(),
    )
    const byName = (n: string) => tree.find((p) => p.name === n)
    expect([
      byName('辽宁省')?.region,
      byName('广东省')?.region,
      byName('四川省')?.region,
      byName('湖北省')?.region,
    ]).toEqual(['northeast', 'south', 'southwest', 'central'])
    // cities and districts are not provinces: no region of their own
    expect(tree[0]?.children?.[0]?.region).toBeUndefined()
    expect(provinceMeta('990000')).toBeUndefined()
  })

  it('the area field groups provinces under their region, labelled in the UI language', async () => {
    await activateLocale('en')
    render(
      <I18nProvider i18n={i18n}>
        <AreaField id="a" value={[]} onChange={() => {}} disabled={false} invalid={false} />
      </I18nProvider>,
    )
    const province = await waitFor(() => screen.getByRole('combobox', { name: 'Province' }))
    const groups = [...province.querySelectorAll('optgroup')]
    expect(groups.map((g) => g.label)).toEqual([
      'North China',
      'Northeast China',
      'East China',
      'Central China',
      'South China',
      'Southwest China',
      'Northwest China',
    ])
    const northeast = groups[1]!.querySelectorAll('option')
    expect([...northeast].map((o) => o.textContent)).toEqual(['辽宁省', '吉林省', '黑龙江省'])
  })
})
