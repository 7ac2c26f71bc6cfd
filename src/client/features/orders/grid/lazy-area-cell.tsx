import { lazy, Suspense, type ComponentProps } from 'react'

// the area cell's code (and the division data it loads) comes on first use, off the grid's chunk
const AreaView = lazy(() => import('./area-cell.tsx').then((m) => ({ default: m.AreaView })))
const AreaEditor = lazy(() => import('./area-cell.tsx').then((m) => ({ default: m.AreaEditor })))

export const LazyAreaView = (props: ComponentProps<typeof AreaView>) => (
  <Suspense fallback={null}>
    <AreaView {...props} />
  </Suspense>
)

export const LazyAreaEditor = (props: ComponentProps<typeof AreaEditor>) => (
  <Suspense fallback={<span className="form-loading">…</span>}>
    <AreaEditor {...props} />
  </Suspense>
)
