/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

interface ImportMetaEnv {
  /** API base URL; default `/api` on the same origin */
  readonly VITE_API_BASE?: string
  /** release id, set at build time; busts the persisted query cache */
  readonly VITE_BUILD_ID?: string
  /** modes whose UI errors are sent to the server (SPEC §8 log setting): `production`, `development` */
  readonly VITE_ERROR_LOG?: string
}
