// The paths a file tool will write (or read), each resolved through symbolic links at the boundary: a write through a link
// into a protected place is judged by the engine as the write to the real place it is (ToolEvent.realPaths).
// The engine says which paths a call writes (toolFacts: the one place that knows argument names and patches).
import { canonicalToolName, toolFacts } from '@semantic-anchors/engine/enforce';
import { realTarget } from './real-path.js';

/**
 * Tools that run inside opencode's own process and open files: no sandbox sees them, the engine must. The read tool
 * too: a link (`/proc/<pid>/root/…`, one the shell made) leads it to opencode's own environment as surely.
 */
const FILE_TOOLS: ReadonlySet<string> = new Set(['write', 'edit', 'patch', 'read']);
/**
 * And the shell's file effects: the OS sandbox keeps the host's own files, but a role's rule on a folder (no code
 * changes under src/) must see a write through a link already on disk (`docs/pricing-src` → `../src/pricing`) where it
 * lands. The links the session made are the engine's to follow; these are the ones it cannot know.
 */
const SHELL_TOOLS: ReadonlySet<string> = new Set(['bash']);
/** Paths of one call resolved at most (a patch may name many files). */
const MAX_PATHS = 64;

export function realPathsOf(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  directory: string,
  onProblem: (problem: string) => void,
): Record<string, string> | undefined {
  const name = canonicalToolName(tool);
  if (!FILE_TOOLS.has(name) && !SHELL_TOOLS.has(name)) return undefined;
  const facts = toolFacts(tool, args, directory);
  let out: Record<string, string> | undefined;
  for (const effect of facts.effects.slice(0, MAX_PATHS)) {
    const given = effect.path.absolute ?? effect.path.relative;
    // A path the shell leaves open (a glob, a value not known) or one on another host names no file here to follow.
    if (SHELL_TOOLS.has(name) && (effect.unknown === true || effect.remote !== undefined || /[*?[$~]/.test(given)))
      continue;
    const real = realTarget(given, directory, onProblem);
    if (real !== undefined) (out ??= {})[given] = real;
  }
  return out;
}
