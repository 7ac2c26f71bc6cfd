import type { ManifestOptions } from 'vite-plugin-pwa'

/**
 * Web app manifest: installable, standalone, Chinese first with an English description. Every
 * address is under `base` (BASE_PATH, `/` or e.g. `/Nst/`): the app's scope is that sub-path.
 */
export const pwaManifest = (base: string): Partial<ManifestOptions> => ({
  id: base,
  name: '锻联精密 Forgeline',
  short_name: '锻联精密',
  description:
    '江苏锻联精密机械：汽车锻件与精密机加工零部件 — Forged and machined automotive parts, and the staff back-office.',
  lang: 'zh-CN',
  dir: 'ltr',
  start_url: `${base}index`,
  scope: base,
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#ffffff',
  theme_color: '#1f4e79',
  categories: ['business', 'productivity'],
  screenshots: [
    {
      src: `${base}screenshots/home-phone.webp`,
      sizes: '390x844',
      type: 'image/webp',
      form_factor: 'narrow',
      label: '首页 Home',
    },
  ],
  icons: [
    { src: `${base}icons/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: `${base}icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: `${base}icons/maskable-512.png`,
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
})
