import type { QueryClient } from '@tanstack/react-query'

/** What every route's loader receives (the root route's context; createAppRouter in router.tsx fills it). */
export type RouterContext = { queryClient: QueryClient }
