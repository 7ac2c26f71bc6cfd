import { describe, expect, it } from 'vitest'
import {
  addTab,
  afterClose,
  closeTabs,
  disabledCommands,
  maxTabs,
  otherTab,
  type VisitedTab,
} from '#client/features/shell/tab-rules'

const tab = (path: string, meta: Partial<VisitedTab['meta']> = {}, name = path): VisitedTab => ({
  path,
  search: '',
  name,
  meta: { title: path, ...meta },
})
const home = tab('/admin/index', { noClosable: true })
const paths = (tabs: VisitedTab[]) => tabs.map((t) => t.path)
const four = [home, tab('/a'), tab('/b'), tab('/c')]

describe('tab bar rules (SPEC §2)', () => {
  it('adds a visited page once and refreshes its query', () => {
    let tabs = addTab([home], tab('/a'))
    tabs = addTab(tabs, { ...tab('/a'), search: '?id=3' })
    expect(paths(tabs)).toEqual(['/admin/index', '/a'])
    expect(tabs[1]!.search).toBe('?id=3')
  })

  it('gives no tab to tabHidden or unnamed routes', () => {
    expect(paths(addTab([home], tab('/hidden', { tabHidden: true })))).toEqual(['/admin/index'])
    expect(paths(addTab([home], tab('/anon', {}, '')))).toEqual(['/admin/index'])
  })

  it(`keeps at most ${maxTabs} tabs, dropping the oldest closable one`, () => {
    let tabs = [home]
    for (let i = 0; i < maxTabs + 5; i++) tabs = addTab(tabs, tab(`/p${i}`))
    expect(tabs).toHaveLength(maxTabs)
    expect(tabs[0]).toBe(home)
    expect(tabs.at(-1)!.path).toBe(`/p${maxTabs + 4}`)
    expect(tabs.some((t) => t.path === '/p0')).toBe(false)
  })

  it('closes others, left, right and all, never a non-closable tab', () => {
    expect(paths(closeTabs(four, '/b', 'others'))).toEqual(['/admin/index', '/b'])
    expect(paths(closeTabs(four, '/b', 'left'))).toEqual(['/admin/index', '/b', '/c'])
    expect(paths(closeTabs(four, '/b', 'right'))).toEqual(['/admin/index', '/a', '/b'])
    expect(paths(closeTabs(four, '/b', 'all'))).toEqual(['/admin/index'])
    expect(paths(closeTabs(four, '/b', 'this'))).toEqual(['/admin/index', '/a', '/c'])
    expect(paths(closeTabs(four, '/admin/index', 'this'))).toEqual(paths(four))
  })

  it('disables close others with one tab, close left at the first and close right at the last', () => {
    expect(disabledCommands([home], '/admin/index')).toMatchObject({
      others: true,
      left: true,
      right: true,
      all: false,
    })
    expect(disabledCommands(four, '/admin/index')).toMatchObject({
      others: false,
      left: true,
      right: false,
      this: true,
    })
    expect(disabledCommands(four, '/b')).toMatchObject({
      others: false,
      left: false,
      right: false,
      this: false,
    })
    expect(disabledCommands(four, '/c')).toMatchObject({ others: false, left: false, right: true })
  })

  it('after closing the active tab or all tabs goes to the last remaining tab, or to / when none is left', () => {
    expect(afterClose(closeTabs(four, '/c', 'this'), '/c')).toBe('/b')
    expect(afterClose(closeTabs(four, '/b', 'all'), '/b')).toBe('/admin/index')
    expect(afterClose([], '/b')).toBe('/')
    // the active page still open: stay
    expect(afterClose(closeTabs(four, '/c', 'left'), '/c')).toBeUndefined()
    // the query of the tab comes along
    expect(afterClose([{ ...tab('/o'), search: '?id=1' }], '/x')).toBe('/o?id=1')
  })

  it('refresh visits another tab when there is one', () => {
    expect(otherTab(four, '/b')?.path).toBe('/a')
    expect(otherTab(four, '/admin/index')?.path).toBe('/a')
    expect(otherTab([home], '/admin/index')).toBeUndefined()
  })
})
