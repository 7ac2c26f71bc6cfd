import { afterAll } from 'vitest'
import { closeSharedChromium } from './helpers/browser.ts'

// The file's Chromium (tests/e2e/helpers/browser.ts `openBrowser`) is closed after its last test.
afterAll(closeSharedChromium)
