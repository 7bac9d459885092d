// zod compiles fast parsers with `new Function` when it may; the site's Content-Security-Policy forbids eval, and
// zod's probe for it would be reported as a CSP violation. Jitless mode parses the same way without eval.
// INVARIANT: imported first by main.ts, before anything validates.
import { config } from 'zod';

config({ jitless: true });
