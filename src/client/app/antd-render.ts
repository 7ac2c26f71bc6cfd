// deep import: the barrel would put all of antd-mobile on every first load
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render'
import { createRoot, type Root } from 'react-dom/client'
import './antd-toast.css'

type Container = (Element | DocumentFragment) & { __forgelineRoot?: Root }

/** antd-mobile's imperative Toast/Dialog need a React 19 renderer (DESIGN §1). */
export function installAntdRenderer() {
  unstableSetRender((node, container: Container) => {
    container.__forgelineRoot ??= createRoot(container)
    const root = container.__forgelineRoot
    root.render(node)
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      root.unmount()
      delete container.__forgelineRoot
    }
  })
}
