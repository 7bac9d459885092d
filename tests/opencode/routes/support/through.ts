// Routes that went through on the last build measured whose defences are not in main yet: each runs as
// `it.fails` (see route.ts), with the reason seen. Filled from a ROUTES_MEASURE=1 run (README.md, "Measuring").
export const THROUGH: ReadonlyMap<string, string> = new Map<string, string>([]);
