/** The parts of s3rver (3.7, no types of its own) the tests use. */
declare module "s3rver" {
  interface S3rverOptions {
    readonly address?: string
    readonly port?: number
    readonly silent?: boolean
    readonly directory?: string
    readonly resetOnClose?: boolean
    readonly configureBuckets?: ReadonlyArray<{ readonly name: string; readonly configs?: ReadonlyArray<string> }>
  }
  export default class S3rver {
    constructor(options?: S3rverOptions)
    run(): Promise<{ readonly address: string; readonly port: number }>
    close(): Promise<void>
  }
}
