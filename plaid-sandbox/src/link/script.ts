// The Link stand-in's browser script, kept as a plain .js file next to this one (linted as
// browser code) and read once when the module loads.
import { readFileSync } from 'node:fs';

export const linkInitializeScript = readFileSync(new URL('./link-initialize.js', import.meta.url), 'utf8');
