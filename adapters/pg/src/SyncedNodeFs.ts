/**
 * The embedded database's files on disk, made durable. PGlite (0.5.14) starts PostgreSQL with `-F` (fsync
 * off) and its Node file system (Emscripten's NODEFS) has no `fsync` at all, so a write PGlite acknowledged
 * could be lost when the machine, not just the process, stops (upstream electric-sql/pglite issue 1107).
 *
 * This file system is PGlite's `NodeFS` with NODEFS's missing `fsync` supplied (`fs.fsyncSync` on the real
 * file), and `startParams` are PGlite's own without `-F` and with `wal_sync_method=fsync`: PostgreSQL then syncs
 * the WAL at every commit before the commit returns, as it does on a server, and syncs data files at
 * checkpoints. Concurrent requests share one backend, so a commit's sync covers what came before it.
 */
import { fsyncSync } from "node:fs"
import { PGlite } from "@electric-sql/pglite"
import { NodeFS } from "@electric-sql/pglite/nodefs"

/** A file PostgreSQL asked to be synced, once the sync returned: its Emscripten path. */
export type SyncObserver = (path: string) => void

interface Stream {
  readonly nfd?: number
  readonly path?: string
}

interface EmscriptenModule {
  readonly FS: { readonly filesystems: { readonly NODEFS: { stream_ops: Record<string, unknown> } } }
}

/** PGlite's start parameters with fsync on: its defaults without `-F`, syncing the WAL with fsync(2). */
export const startParams: ReadonlyArray<string> = [
  ...(PGlite as unknown as { defaultStartParams: ReadonlyArray<string> }).defaultStartParams.filter((p) => p !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync"
]

/** PGlite's NodeFS whose files are synced to the disk when PostgreSQL asks. */
export class Filesystem extends NodeFS {
  readonly #observe: SyncObserver | undefined

  constructor(dataDir: string, observe?: SyncObserver) {
    super(dataDir)
    this.#observe = observe
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]): ReturnType<NodeFS["init"]> {
    const observe = this.#observe
    const { emscriptenOpts } = await super.init(pg, opts)
    const preRun = [
      ...((emscriptenOpts.preRun ?? []) as Array<(mod: EmscriptenModule) => void>),
      (mod: EmscriptenModule) => {
        mod.FS.filesystems.NODEFS.stream_ops.fsync = (stream: Stream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd)
          observe?.(stream.path ?? "")
          return 0
        }
      }
    ]
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts }
  }
}
