import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  RouterProvider,
  useMatch,
} from '@tanstack/react-router'
import { createContext, useContext, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { KeepAlive } from '#client/features/shell/components/keep-alive'
import { useCurrentPage } from '#client/features/shell/components/use-current-page'
import type { VisitedTab } from '#client/features/shell/tab-rules'

/** Changes while a page is hidden, as the language does for every page. */
const Shade = createContext(0)

/** A page using route hooks, as real pages do (search params, its own match). */
function Page({ id }: { id: 'a' | 'b' }) {
  const shade = useContext(Shade)
  const match = useMatch({ from: `/_staff/${id}` as '/_staff' })
  const search = match.search as { q?: string }
  const [count, setCount] = useState(0)
  return (
    <section data-testid={`page-${id}`}>
      <span data-testid={`search-${id}`}>{search.q ?? ''}</span>
      <span data-testid={`shade-${id}`}>{shade}</span>
      <input aria-label={`input ${id}`} />
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        {`count ${id} ${count}`}
      </button>
    </section>
  )
}

function Layout() {
  const page = useCurrentPage()
  const [tabs, setTabs] = useState<VisitedTab[]>([])
  const [seen, setSeen] = useState<string>()
  const [shade, setShade] = useState(0)
  if (page && page.pathname !== seen) {
    setSeen(page.pathname)
    if (!tabs.some((t) => t.path === page.pathname)) {
      setTabs([
        ...tabs,
        {
          path: page.pathname,
          search: page.search,
          name: page.pathname,
          routeId: page.routeId,
          meta: { title: page.pathname },
        },
      ])
    }
  }
  return (
    <div>
      <Link to={'/a' as never} search={{ q: 'one' } as never}>
        go a
      </Link>
      <Link to={'/b' as never}>go b</Link>
      <button type="button" onClick={() => setShade((n) => n + 1)}>
        shade
      </button>
      <Shade.Provider value={shade}>
        <KeepAlive tabs={tabs} page={page} versions={{}} />
      </Shade.Provider>
    </div>
  )
}

function makeRouter() {
  const root = createRootRoute()
  const staff = createRoute({ getParentRoute: () => root, id: '_staff', component: Layout })
  const validateSearch = (s: Record<string, unknown>) => (typeof s.q === 'string' ? { q: s.q } : {})
  const a = createRoute({
    getParentRoute: () => staff,
    path: 'a',
    validateSearch,
    component: () => <Page id="a" />,
  })
  const b = createRoute({
    getParentRoute: () => staff,
    path: 'b',
    validateSearch,
    component: () => <Page id="b" />,
  })
  return createRouter({
    routeTree: root.addChildren([staff.addChildren([a, b])]),
    history: createMemoryHistory({ initialEntries: ['/a?q=one'] }),
  })
}

const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }

/** Lets React's scheduler run hidden (offscreen) work the way a browser does. */
async function withoutAct(fn: () => Promise<void>) {
  actFlag.IS_REACT_ACT_ENVIRONMENT = false
  try {
    await fn()
  } finally {
    actFlag.IS_REACT_ACT_ENVIRONMENT = true
  }
}

describe('KeepAlive (React 19 Activity)', () => {
  it('keeps state and input of pages using route hooks while another page is open', async () => {
    const router = makeRouter()
    render(<RouterProvider router={router} />)
    const inputA = (await screen.findByLabelText('input a')) as HTMLInputElement
    expect(screen.getByTestId('search-a').textContent).toBe('one')
    fireEvent.change(inputA, { target: { value: 'typed' } })
    fireEvent.click(screen.getByText('count a 0'))

    await act(() => router.navigate({ to: '/b' as never }))
    expect(await screen.findByLabelText('input b')).toBeTruthy()
    // page a is still mounted (hidden), still showing the route state it was left with
    expect(screen.getByTestId('page-a').closest('[data-page]')).toBeTruthy()
    expect(screen.getByTestId('search-a').textContent).toBe('one')
    // a context change (as the language is) re-renders the hidden page too, at idle priority,
    // which act() does not flush: its route hooks must still find the route state it was left with
    await withoutAct(async () => {
      fireEvent.click(screen.getByText('shade'))
      await waitFor(() => expect(screen.getByTestId('shade-a').textContent).toBe('1'))
    })
    expect(screen.getByTestId('shade-b').textContent).toBe('1')
    expect(screen.getByTestId('search-a').textContent).toBe('one')

    await act(() => router.navigate({ to: '/a' as never, search: { q: 'two' } as never }))
    expect(screen.getByTestId('shade-a').textContent).toBe('1')
    expect(screen.getByLabelText<HTMLInputElement>('input a').value).toBe('typed')
    expect(screen.getByText('count a 1')).toBeTruthy()
    expect(screen.getByTestId('search-a').textContent).toBe('two')
    expect(screen.getAllByTestId(/^page-/)).toHaveLength(2)
  })
})
