/**
 * The team app's entry: the query client (a `_signinAgain` answer anywhere opens the sign-in overlay), the
 * contract client (loaded with its first call) and the light reads the shell and the quote list open with, the
 * router, and the design tokens.
 */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { ApiProvider, isFailure } from "./api/client.ts"
import * as LazyClient from "./api/LazyClient.ts"
import * as WireClient from "./api/WireClient.ts"
import { makeRouter } from "./router.tsx"
import { requireSignin } from "./session/signinOverlay.ts"
import "./theme/tokens.css"
import "./theme/global.css"

const onError = (error: unknown) => {
  if (isFailure(error, "signinAgain")) requireSignin(error.message)
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: { queries: { refetchOnWindowFocus: false } }
})
const router = makeRouter(queryClient)
const api = LazyClient.make()
const wire = WireClient.make()

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ApiProvider value={api}>
      <WireClient.WireProvider value={wire}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </WireClient.WireProvider>
    </ApiProvider>
  </StrictMode>
)
