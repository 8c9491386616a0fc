/** Render a component inside a memory router (the editor's leave guard needs one), as the only route. */
import {
  type AnyRouter,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider
} from "@tanstack/react-router"
import { render, screen } from "@testing-library/react"
import type { ReactNode } from "react"

/** Render `ui` at `/` and wait until the router has mounted it; `marker` is text the UI shows. */
export const renderInRouter = async (ui: () => ReactNode, marker: string) => {
  const root = createRootRoute({ component: Outlet })
  const page = createRoute({ getParentRoute: () => root, path: "/", component: () => <>{ui()}</> })
  const other = createRoute({ getParentRoute: () => root, path: "/elsewhere", component: () => <p>elsewhere</p> })
  const router = createRouter({
    routeTree: root.addChildren([page, other]),
    history: createMemoryHistory({ initialEntries: ["/"] })
  })
  const result = render(<RouterProvider router={router} />)
  await screen.findAllByText(marker)
  // Typed loosely: the test routes are not the app's registered ones.
  return { ...result, router: router as AnyRouter }
}
