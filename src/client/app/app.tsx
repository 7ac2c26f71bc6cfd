import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useState } from 'react'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.tsx'
import { installAuthFailureHandler } from './auth-failures.ts'

export function App() {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => {
    const r = createAppRouter(queryClient)
    installAuthFailureHandler(r, queryClient)
    return r
  })
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  )
}
