// Whether a simple command carries an option, as a `run` match's `flags`, `allFlags` and `notFlags` ask it; shared by
// the match itself and by the check many matches share (command-check.ts), so both read flags the same way.
import type { Flag } from '../shell/index.js';

export function anyFlag(flags: readonly Flag[], specs: readonly string[], abbreviations: boolean): boolean {
  if (flags.length === 0) return false;
  for (let i = 0; i < specs.length; i++) if (hasFlag(flags, specs[i]!, abbreviations)) return true;
  return false;
}

/**
 * Whether an option is present. "-x" matches a short flag, also inside a combined "-xyz"; "--long" matches
 * "--long" and "--long=value", and, when `abbreviations` is set, an unambiguous-looking prefix of it ("--forc"), as
 * GNU getopt and git accept; "-word" (single dash, several letters: terraform's -auto-approve) matches that token.
 * An option whose attached value is `false` (`--dry-run=false`, in any case: `=False`, `=FALSE`) is switched off: it
 * matches nothing; so is a single-dash word option given Go's other false spellings, `0` or `f`/`F`
 * (`-auto-approve=0`: terraform and tofu read their booleans with Go's strconv.ParseBool); and kubectl's
 * `--dry-run=none`, the real change.
 */
export function hasFlag(flags: readonly Flag[], spec: string, abbreviations: boolean): boolean {
  const long = spec.startsWith('--');
  const singleDashWord = !long && spec.startsWith('-') && spec.length > 2;
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i]!;
    // `--dry-run=false`, `-auto-approve=false`: the option given and switched off is not the option.
    if (switchedOff(f.token)) continue;
    if (f.name === spec) return true;
    if (singleDashWord && (f.token === spec || f.token.startsWith(`${spec}=`))) return true;
    if (
      long &&
      abbreviations &&
      f.name.startsWith('--') &&
      f.name.length >= 5 &&
      spec.startsWith(f.name) &&
      // `--force` is an option of its own, not `--force-with-lease` cut short; `--force-with` can only be that one.
      (spec[f.name.length] !== '-' || f.name.includes('-', 2))
    )
      return true;
  }
  return false;
}

/** `--x=false` (any case), `-word=0`, `-word=f`: an option given and switched off. */
function switchedOff(token: string): boolean {
  if (token.charCodeAt(0) !== 45 /* - */) return false;
  const eq = token.lastIndexOf('=');
  if (eq === -1) return false;
  const value = token.slice(eq + 1);
  if (value.length === 5 && value.toLowerCase() === 'false') return true;
  // kubectl's `--dry-run=none` is the default, a real change (round 50): no dry run.
  if (value.length === 4 && value.toLowerCase() === 'none' && /^--?dry-?run=/i.test(token)) return true;
  // Go's single-dash options (terraform -auto-approve=0): not `--replicas=0`, whose 0 is a value, not a boolean.
  return (value === '0' || value === 'f' || value === 'F') && token.charCodeAt(1) !== 45 && eq > 2;
}
