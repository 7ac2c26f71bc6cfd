import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installAntdRenderer } from './app/antd-render.ts'
import { App } from './app/app.tsx'
import { rewriteLegacyHash } from './app/legacy-hash.ts'
import { activateLocale, storedLocale } from './lib/i18n.ts'
import './app/global.css'

rewriteLegacyHash()
installAntdRenderer()

await activateLocale(storedLocale())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
