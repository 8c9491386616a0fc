/**
 * `widgets.signature-pad.gz` and `widgets.quote-view.gz`: builds the single-file bundles and prints each one's
 * minified, gzipped size in KB (1,024 bytes), Lit and the core modules included. Targets: 12 KB and 20 KB
 * (see `widgets/scripts/size.ts` for the targets and the ceilings CI enforces).
 */
import { buildAndMeasure } from "../widgets/scripts/size.ts"
import { report } from "./measure.ts"

for (const size of await buildAndMeasure()) report(`widgets.${size.name}.gz`, size.kb, "KB")
