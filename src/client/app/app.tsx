import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { useState } from 'react'
import { LazyAppBanners } from '#client/components/feedback/lazy-app-banners'
import {
  cacheBuster,
  cacheRestoreDone,
  persistMaxAge,
  queryPersister,
  shouldPersistQuery,
  trackKnownMutations,
} from '#client/lib/query-persister'
import { shouldPersistMutation } from '#client/lib/kept-refusals'
import { seedFromServerPage } from '#client/lib/server-page'
import { createQueryClient } from './query-client.ts'
import { createAppRouter } from './router.tsx'
import { installAuthFailureHandler } from './auth-failures.ts'
import { registerMutationDefaults } from './mutation-defaults.ts'
import { installLoadErrors } from './load-errors.ts'

export function App() {
  const [queryClient] = useState(() => {
    const q = createQueryClient()
    registerMutationDefaults(q)
    trackKnownMutations(q)
    // the data the server rendered this page from: not fetched again
    seedFromServerPage(q)
    return q
  })
  const [router] = useState(() => {
    const r = createAppRouter(queryClient)
    installAuthFailureHandler(r, queryClient)
    installLoadErrors(r)
    return r
  })
  return (
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{
          persister: queryPersister,
          buster: cacheBuster,
          maxAge: persistMaxAge,
          dehydrateOptions: {
            shouldDehydrateQuery: shouldPersistQuery,
            shouldDehydrateMutation: shouldPersistMutation,
          },
        }}
        onSuccess={() => {
          cacheRestoreDone()
          void queryClient.resumePausedMutations()
        }}
        onError={cacheRestoreDone}
      >
        <RouterProvider router={router} />
        <LazyAppBanners />
      </PersistQueryClientProvider>
    </I18nProvider>
  )
}
