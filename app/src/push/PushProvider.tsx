/**
 * One real-time client per signed-in app: the shell renders `PushProvider` with the session it is for (account and
 * sign-in); the client is made when there is one, closed when it ends (sign-out unmounts the shell) or changes (an
 * account switch makes a new one), and shared by every page below through `usePush`. The account's live quotes
 * (`LiveQuotes`) live beside it, as long as it does.
 */
import type * as Push from "@quotekit/core/Push"
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react"
import * as LiveQuotes from "./LiveQuotes.ts"
import * as PushClient from "./PushClient.ts"

/** What the provider shares: the client (none while signed out) and the account's live quotes. */
export interface PushContextValue {
  readonly client: PushClient.PushClient | null
  readonly live: LiveQuotes.LiveQuotes
}

const noLive = LiveQuotes.make()
const PushContext = createContext<PushContextValue>({ client: null, live: noLive })

/** Props of the provider. */
export interface PushProviderProps {
  /** The session the client is for (`{account}:{signin}`); none while signed out: no client. */
  readonly session: string | undefined
  /** Make the client (tests hand one over a fake websocket). */
  readonly connect?: () => PushClient.PushClient
  readonly children: React.ReactNode
}

const connectBrowser = () => PushClient.make()

/** Makes, shares and closes the app's real-time client. */
export const PushProvider = ({ session, connect = connectBrowser, children }: PushProviderProps) => {
  const [value, setValue] = useState<PushContextValue>({ client: null, live: noLive })
  useEffect(() => {
    if (session === undefined) return
    const client = connect()
    setValue({ client, live: LiveQuotes.make() })
    return () => {
      client.close()
      setValue({ client: null, live: noLive })
    }
  }, [session, connect])
  return <PushContext.Provider value={value}>{children}</PushContext.Provider>
}

/** The client and live quotes of the nearest provider (no client outside one, or while signed out). */
export const usePush = (): PushContextValue => useContext(PushContext)

const idle = (): Push.ConnectionState => "idle"
const never = () => () => {}

/** Where the real-time connection stands, as React state ("idle" without a client). */
export const useConnectionState = (): Push.ConnectionState => {
  const { client } = usePush()
  return useSyncExternalStore(client?.subscribe ?? never, client?.state ?? idle, idle)
}
