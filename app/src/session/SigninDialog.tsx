/**
 * The sign-in overlay's dialog over the current page (see `SigninOverlay.tsx`, which loads it when first
 * needed). Signing in closes it and refetches what failed.
 */
import { useQueryClient } from "@tanstack/react-query"
import { useNavigate } from "@tanstack/react-router"
import { Dialog } from "radix-ui"
import { useMessages } from "../page/useMessages.ts"
import dialog from "../shell/Dialog.module.css"
import { SignInForm } from "../signin/SignInForm.tsx"
import { signinDone, useSigninOverlayOpen, useSigninReason } from "./signinOverlay.ts"

/** The dialog; open while the overlay state says so. */
export const SigninDialog = () => {
  const m = useMessages()
  const open = useSigninOverlayOpen()
  const reason = useSigninReason()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialog.overlay} />
        <Dialog.Content
          className={dialog.content}
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
        >
          <Dialog.Title className={dialog.title}>{m.signIn}</Dialog.Title>
          <Dialog.Description className={dialog.description}>{reason || m.signinAgain}</Dialog.Description>
          <SignInForm
            onSignedIn={(state) => {
              signinDone()
              if (state.account_id === null) void navigate({ to: "/sign-in/accounts" })
              else void queryClient.invalidateQueries()
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
