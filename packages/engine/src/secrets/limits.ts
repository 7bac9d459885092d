// Bounds that keep the detector linear on hostile input. One finding is enough to decide; a trace shows three.

/**
 * The most findings one scanner (and the whole result) reports. Past this, a text is plainly full of secrets and more
 * findings change no verdict, while per-finding checks (user-equals-password, de-duplication) would add up.
 */
export const MAX_FINDINGS = 100;
